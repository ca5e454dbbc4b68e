"""Words (live/words.py): message ids and named arguments until a reader's language renders
them; `english` renders the ids themselves."""

from live.words import english, joined, said, said_in, said_n


def test_a_sentence_renders_its_named_arguments():
    assert english(said("%(name)s is rolling", name="Ann")) == "Ann is rolling"


def test_a_count_picks_its_form():
    one, three = (said_n("%(n)s point", "%(n)s points", n) for n in (1, 3))
    assert (english(one), english(three)) == ("1 point", "3 points")


def test_words_inside_words_are_rendered_first():
    words = said("%(table)s table, seat %(seat)s", table=said_in("table", "Head"), seat=2)
    assert english(words) == "Head table, seat 2"


def test_a_list_reads_as_a_sentence():
    assert [english(joined(names)) for names in ([], ["Ann"], ["Ann", "Bo"], ["A", "B", "C"])] == [
        "",
        "Ann",
        "Ann and Bo",
        "A, B and C",
    ]


def test_a_plain_name_is_shown_as_typed():
    assert english("Ann %(x)s") == "Ann %(x)s"
