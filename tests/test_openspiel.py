"""The OpenSpiel adapter (issue 14): every bundled variant is a pyspiel game.

OpenSpiel's own `random_sim_test` plays random episodes checking clones,
legal actions, chance outcomes, returns and observation/information-state
tensors; its MCTS bot plays a whole euchre hand and a cutthroat (non-partnership)
hand; the game's hand replays through TrickSpec to the same returns.
"""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the optional extra [openspiel] (open_spiel) is not installed")

from open_spiel.python.algorithms import mcts  # noqa: E402

from interpreter.adapters.openspiel import game_name, max_game_length, register, utility_bound  # noqa: E402
from interpreter.records import replay_record  # noqa: E402
from interpreter.variants import bundled_names, load_rules  # noqa: E402

VARIANTS = bundled_names()


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_sim_test_passes_for_every_bundled_variant(variant: str) -> None:
    assert game_name(variant) in register()
    game = pyspiel.load_game(game_name(variant))
    rules = load_rules(variant)
    assert game.num_players() == rules.players
    assert game.num_distinct_actions() == rules.codec.size
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


def test_parameters_are_options_and_overlays() -> None:
    game = pyspiel.load_game("trickspec_call_ace", {"players": 6})
    assert game.num_players() == 6
    game = pyspiel.load_game("trickspec_euchre", {"rules": "house/stick-the-dealer,house/target", "set": "target=5"})
    assert game.rules.options["target"] == 5
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


@pytest.mark.parametrize("variant", VARIANTS)
def test_bounds_hold_on_random_hands(variant: str) -> None:
    """max_game_length and the utility bound are upper bounds in play (they are declared, not measured)."""
    game = pyspiel.load_game(game_name(variant))
    rng = random.Random(3)
    for _ in range(30):
        state = game.new_initial_state()
        moves = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choice(outcomes)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                moves += 1
        assert moves <= max_game_length(game.rules)
        assert all(abs(r) <= utility_bound(game.rules) for r in state.returns())


def _mcts_hand(variant: str, seed: int) -> tuple[object, list[float]]:
    game = pyspiel.load_game(game_name(variant))
    rng = random.Random(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=None)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=8, evaluator=evaluator, solve=False)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        elif state.current_player() == 0:
            state.apply_action(bot.step(state))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state, state.returns()


@pytest.mark.parametrize("variant", ["euchre", "jucre-three-handed"])
def test_an_openspiel_mcts_bot_plays_a_full_hand(variant: str) -> None:
    state, returns = _mcts_hand(variant, 1)
    hand = state.hand
    assert hand is not None and hand.is_over
    # The hand OpenSpiel played is a legal TrickSpec hand: its record replays to the same returns.
    codec = hand.rules.codec
    record = {
        "variant": variant,
        "dealer": hand.dealer,
        "hands": [[codec.to_str(c) for c in h] for h in hand.dealt],
        "upcard": codec.to_str(hand.upcard) if hand.rules.upcard else None,
        "actions": [codec.to_str(a) for _, a in hand.history],
    }
    replayed = replay_record(record)
    assert replayed.state.returns() == returns
    if replayed.result["status"] == "complete":
        assert sum(replayed.result["tricks"]) == hand.rules.hand_tricks


def test_tensors_hide_other_hands() -> None:
    """A seat's observation tensor is the same whatever the other seats hold."""
    game = pyspiel.load_game("trickspec_euchre")
    deck = list(range(game.rules.codec.n_cards))
    mine, upcard, others = deck[:5], deck[-1], deck[5:-1]
    states = []
    for order in (others, others[::-1]):
        state = game.new_initial_state()
        state.apply_action(3)  # dealer 3: seat 0 speaks first
        for card in mine + order[:15] + [upcard]:
            state.apply_action(card)
        states.append(state)
    a, b = states
    assert a.hand.hands[1] != b.hand.hands[1]
    assert a.observation_tensor(0) == b.observation_tensor(0)
    assert a.information_state_tensor(0) == b.information_state_tensor(0)
    assert a.observation_tensor(1) != b.observation_tensor(1)
    assert len(a.information_state_tensor(0)) == game.information_state_tensor_shape()[0]


def test_the_docs_example_runs() -> None:
    """docs/interop.md's OpenSpiel example, executed as written (an MCTS bot at every seat)."""
    from pathlib import Path

    text = (Path(__file__).parent.parent / "docs" / "interop.md").read_text(encoding="utf-8")
    code = text.split("## OpenSpiel", 1)[1].split("```python\n", 1)[1].split("```", 1)[0]
    namespace: dict[str, object] = {}
    exec(compile(code, "docs/interop.md", "exec"), namespace)
    assert namespace["state"].is_terminal()  # type: ignore[attr-defined]
