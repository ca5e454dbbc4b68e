"""The room sockets' messages are checked as the night's are (live.messages): a refusal says
why in Words, for the sender's language, and names the message's client id."""

import pytest

from games.services.messages import parse_room_message
from live.messages import MessageError
from live.words import english, is_words

ACTIONS = ("act", "sit", "vote_bot")


WHOLE = "must be a whole number from 0 to 1000000000."


@pytest.mark.parametrize(
    ("fields", "said"),
    [
        ('"type": "act", "action": [1]', 'An action is an object, e.g. {"type": "turn"}.'),
        ('"type": "act", "action": {}, "v": -1', f"v {WHOLE}"),
        ('"type": "sit", "seat": true', f"seat {WHOLE}"),
        ('"type": "vote_bot"', "seat is missing."),
    ],
)
def test_a_refused_room_message_says_why_in_words(fields, said):
    with pytest.raises(MessageError) as refused:
        parse_room_message(f'{{"client_id": "c", {fields}}}', ACTIONS)
    assert is_words(refused.value.message) and english(refused.value.message) == said
    assert refused.value.client_id == "c" and refused.value.code == "bad_message"


def test_a_well_formed_room_message_passes_as_sent():
    text = '{"type": "act", "client_id": "c", "action": {"type": "pass"}, "v": 3}'
    assert parse_room_message(text, ACTIONS)["v"] == 3
