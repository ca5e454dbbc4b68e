"""Card-game rooms beside the dice tables: pure engines (games/engines) and their rooms."""
