"""保皇's verdict words as a learner reads them, through the kinds that show them."""

from puzzles.kinds import get_kind


def verdict(kind, data, answer):
    result, _state = get_kind(kind).check(data, {}, answer)
    return result.message


def test_a_whole_rank_of_sixteen_cards_is_counted_in_words():
    tens = " ".join(f"{suit}10" for suit in "♠♥♣♦" for _copy in range(4))
    words = verdict("baohuang.valid", {"cards": tens}, "yes")
    assert "十六张10" in words["zh"]
    assert "sixteen 10s" in words["en"]


def test_not_a_set_reads_as_two_sentences():
    words = verdict("baohuang.valid", {"cards": "♠9 ♠10"}, "no")
    assert words["en"].startswith("Not a set. A set is cards of one rank")


def test_one_big_joker_is_not_said_to_be_enough_against_two_small_ones():
    # BH-12: each small joker on the table needs a big joker over it; "more big
    # jokers" than the table (one against none) is not enough.
    data = {"play": "BJ SJ ♠A ♥A", "over": "SJ SJ ♠6 ♥6"}
    words = verdict("baohuang.beats", data, "no")
    assert "每个小王都要有一个大王压住，点数也要更大" in words["zh"]
    assert "更多大王" not in words["zh"]


def test_jokers_alone_on_the_table_are_not_said_to_need_a_higher_rank():
    # BH-R02: two small jokers alone have no rank to beat.
    words = verdict("baohuang.beats", {"play": "BJ SJ", "over": "SJ SJ"}, "no")
    assert "每个小王都要有一个大王压住。" in words["zh"]
    assert "点数" not in words["zh"]
    assert "higher rank" not in words["en"]
