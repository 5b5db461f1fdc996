"""What `simulate` no longer pays for, and that skipping it changes no result.

A hand's record (every card and action as text) is built only when asked for, and a
bot kind that never draws on its random source gets none seeded for it (both were a
large share of a rules-bots hand: benchmarks/bots.py --table)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

import interpreter.agents as agents
from interpreter.agents import NO_DRAWS, REGISTRY, make_agent
from interpreter.match import hand_record, play_match
from interpreter.simulate import Setup, play_one
from interpreter.variants import load_rules


def test_a_hand_record_is_built_on_the_first_ask_only() -> None:
    # (read off the kept slot, not by patching `match.hand_record`: the compiled build's
    # HandRecord calls the module's function directly, so a patch would not be seen)
    rules = load_rules("euchre")
    overlays = ["house/stick-the-dealer"]
    result = play_match(
        rules,
        [make_agent("rules") for _ in range(4)],
        random.Random(3),
        max_hands=5,
        variant="euchre",
        overlays=overlays,
    )
    overlays.append("changed after the match")  # the records keep what the match was given
    assert len(result.hands) == 5 and all(hand._record is None for hand in result.hands)
    for hand in result.hands:
        record = hand.record
        assert hand._record is record and record is hand.record  # built once, then kept
        assert record == hand_record(rules, hand.state, "euchre", ["house/stick-the-dealer"])
        assert record["trickspec"]["rules"] == ["house/stick-the-dealer"]


def test_no_draws_refuses_every_draw() -> None:
    for draw in (
        lambda: NO_DRAWS.random(),
        lambda: NO_DRAWS.choice([1, 2]),
        lambda: NO_DRAWS.getrandbits(8),
        lambda: NO_DRAWS.shuffle([1, 2, 3]),
        lambda: NO_DRAWS.randrange(5),
    ):
        with pytest.raises(RuntimeError, match="declared not to draw"):
            draw()


def test_only_kinds_that_never_draw_go_without_a_random_source() -> None:
    assert {name for name, kind in REGISTRY.items() if not kind.draws} == {"rules", "rules-v1"}
    assert make_agent("random", seed=5).rng is not NO_DRAWS  # type: ignore[attr-defined]
    same = make_agent("random", seed=5), make_agent("random", seed=5)
    legal = list(range(20))
    assert [same[0].rng.choice(legal) for _ in range(9)] == [same[1].rng.choice(legal) for _ in range(9)]  # type: ignore[attr-defined]


@pytest.mark.parametrize("bots", [("rules",) * 4, ("rules-v1", "random", "rules", "random")])
def test_a_match_is_the_same_whether_the_bots_get_their_own_random_source(
    bots: tuple[str, ...], monkeypatch: pytest.MonkeyPatch
) -> None:
    setup = Setup("euchre", (), (), bots, seed=11)
    skipped = [play_one(setup, index, 0) for index in range(3)]
    monkeypatch.setattr(agents, "REGISTRY", {name: replace(kind, draws=True) for name, kind in REGISTRY.items()})
    seeded = [play_one(setup, index, 0) for index in range(3)]
    assert [(m.winners, m.hands) for m in skipped] == [(m.winners, m.hands) for m in seeded]
    assert sum(len(m.hands) for m in skipped) > 10


def test_the_rule_bots_share_their_thresholds_by_make_only() -> None:
    """Each seat's threshold is counted once per rules and `make` (simulate makes four bots a
    match), and a bot of another `make` keeps its own."""
    from interpreter.agents.rule_bot import RuleBot, tables_of

    rules = load_rules("euchre")
    first, second, other = RuleBot(), RuleBot(), RuleBot(make=0.6)
    for bot in (first, second, other):
        bot.tables(rules)
    assert first._limits is second._limits  # counted once
    assert first._limits == tuple(first.threshold(rules, seat) for seat in range(rules.players))
    assert other._limits == tuple(other.threshold(rules, seat) for seat in range(rules.players))
    assert other._limits != first._limits
    assert set(tables_of(rules).limits) >= {0.5, 0.6}
