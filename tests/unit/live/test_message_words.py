"""A refused message says why in Words (rendered in each reader's language by the client),
and its str() is the English, for logs."""

import pytest

from live.messages import MessageError, parse_message, whole
from live.words import english, is_words

SCHEMAS = {"resync": {}, "roll": {"v": True}}


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("not json", "Messages must be JSON."),
        ("[1]", "Messages must be JSON objects."),
        ('{"type": "dance", "client_id": "c"}', "Unknown message type 'dance'."),
        ('{"type": "roll", "client_id": "c", "x": 1, "v": 1}', "Unknown fields: x."),
        (
            '{"type": "roll", "v": 1}',
            "Every action needs a client_id (1 to 64 printable characters).",
        ),
        ('{"type": "roll", "client_id": "c"}', "v is missing."),
    ],
)
def test_a_refusal_is_words_with_its_english_as_str(text, said):
    with pytest.raises(MessageError) as refused:
        parse_message(text, ("roll",), SCHEMAS)
    assert is_words(refused.value.message)
    assert english(refused.value.message) == str(refused.value) == said


def test_a_number_out_of_range_names_the_field_and_the_range():
    with pytest.raises(MessageError) as refused:
        whole("round", 40, 1, 36)
    assert refused.value.message["args"] == {"name": "round", "low": 1, "high": 36}
    assert english(refused.value.message) == "round must be a whole number from 1 to 36."
