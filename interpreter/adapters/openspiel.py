"""Any TrickSpec variant as an OpenSpiel game: `pyspiel.load_game("trickspec_euchre")`.

One hand is one OpenSpiel episode. Chance deals it: first the dealer (uniform
over the seats), then each dealt card in turn (uniform over the cards left),
seat 0's hand first, then the upcard where the variant turns one. The players'
actions are the engine's action ints (`rules.codec`), so `action_to_string`
gives the words of hand records. Returns are `State.returns()`. Observation and
information-state tensors are laid out over the int-coded observation
(tensor.py). Game parameters: each option the variant declares (typed ints),
`rules` (house-rule overlays, comma-separated: `house/stick-the-dealer,house/target`)
and `set` (options those overlays declare: `target=7,match_deals=8`).

Needs the optional extra: `pip install 'trickspec[openspiel]'`.
"""

from __future__ import annotations

from typing import Any

try:
    import numpy as np
    import pyspiel
except ImportError as err:  # pragma: no cover - exercised only without the extra
    raise ImportError("the OpenSpiel adapter needs the optional extra: pip install 'trickspec[openspiel]'") from err

from ..engine import State
from ..rules import Rules
from ..variants import bundled_names, load_rules
from .tensor import fill_observation, info_state_layout, observation_layout

PREFIX = "trickspec_"


def game_name(variant: str) -> str:
    """`my-house-game` -> `trickspec_my_house_game` (OpenSpiel names have no dashes)."""
    return PREFIX + variant.replace("-", "_")


def _parse_set(text: str) -> dict[str, int]:
    options: dict[str, int] = {}
    for item in filter(None, (p.strip() for p in text.split(","))):
        name, _, value = item.partition("=")
        if not value.strip().lstrip("-").isdigit():
            raise ValueError(f"set: expected NAME=INTEGER, got {item!r}")
        options[name.strip()] = int(value)
    return options


def rules_for(variant: str, params: dict[str, Any]) -> Rules:
    """The compiled rules a parameter set names (the variant's own options, `rules`, `set`)."""
    overlays = [r.strip() for r in str(params.get("rules", "")).split(",") if r.strip()]
    options = {k: int(v) for k, v in params.items() if k not in ("rules", "set")}
    options.update(_parse_set(str(params.get("set", ""))))
    return load_rules(variant, options, overlays)


def max_game_length(rules: Rules) -> int:
    """An upper bound on the decisions of a hand: every seat plays its cards, and in each
    phase before play each seat acts a bounded number of times (tests check it by play)."""
    return rules.players * (rules.hand_tricks + 2 * len(rules.phases)) + rules.codec.n_cards


def utility_bound(rules: Rules) -> float:
    """A bound on |returns|: twice the largest change of a side's score in a hand (a return is a
    side's change minus the others' mean), that change found by verify's enumeration of the
    outcomes the scoring table allows; at least 8 x max(cards a hand, seats), the bound before."""
    from ..verify.static import score_change_bound  # verify imports much: only when a game is made

    return float(max(2 * score_change_bound(rules), 8 * max(rules.hand_tricks, rules.players)))


class TrickSpecGame(pyspiel.Game):
    """The OpenSpiel game of one variant (with the given options and overlays)."""

    variant_name = "euchre"  # each registered subclass names its variant

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        variant = self.variant_name
        self.variant = variant
        self.rules = rules_for(variant, params)
        rules = self.rules
        bound = utility_bound(rules)
        info = pyspiel.GameInfo(
            num_distinct_actions=rules.codec.size,
            max_chance_outcomes=max(rules.codec.n_cards, rules.players),
            num_players=rules.players,
            min_utility=-bound,
            max_utility=bound,
            utility_sum=None,
            max_game_length=max_game_length(rules),
        )
        super().__init__(_game_type(variant), info, params)

    def new_initial_state(self) -> TrickSpecState:
        return TrickSpecState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> TrickSpecObserver:
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return TrickSpecObserver(self.rules, perfect_recall)


class TrickSpecState(pyspiel.State):
    """Chance deals (dealer, then card by card); then the engine's State plays the hand."""

    def __init__(self, game: TrickSpecGame) -> None:
        super().__init__(game)
        self.rules = game.rules
        self.dealer = -1
        self.cards: list[int] = []  # dealt so far: seat 0's hand, seat 1's, ..., then the upcard
        self.hand: State | None = None
        self.to_deal = self.rules.players * self.rules.hand_tricks + (1 if self.rules.upcard else 0)

    def current_player(self) -> int:
        if self.hand is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.hand.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        return self.hand.turn

    def _legal_actions(self, player: int) -> list[int]:
        assert self.hand is not None
        return sorted(self.hand.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.dealer < 0:
            n = self.rules.players
            return [(s, 1.0 / n) for s in range(n)]
        left = sorted(set(range(self.rules.codec.n_cards)) - set(self.cards))
        return [(c, 1.0 / len(left)) for c in left]

    def _apply_action(self, action: int) -> None:
        if self.hand is not None:
            self.hand.apply(action)
            return
        if self.dealer < 0:
            self.dealer = action
            return
        self.cards.append(action)
        if len(self.cards) == self.to_deal:
            size = self.rules.hand_tricks
            hands = [self.cards[s * size : (s + 1) * size] for s in range(self.rules.players)]
            upcard = self.cards[-1] if self.rules.upcard else None
            self.hand = self.rules.new_hand(self.dealer, hands, upcard, self.rules.start_scores())

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"dealer {action}" if self.dealer < 0 else f"deal {self.rules.codec.to_str(action)}"
        return self.rules.codec.to_str(action)

    def is_terminal(self) -> bool:
        return self.hand is not None and self.hand.is_over

    def returns(self) -> list[float]:
        if self.hand is None:
            return [0.0] * self.rules.players
        return self.hand.returns()

    def __str__(self) -> str:
        if self.hand is None:
            return f"dealer {self.dealer}, dealt {len(self.cards)} of {self.to_deal}"
        codec = self.rules.codec
        hands = " | ".join(" ".join(codec.to_str(c) for c in h) for h in self.hand.hands)
        return f"dealer {self.hand.dealer}; {hands}; " + " ".join(codec.to_str(a) for _, a in self.hand.history)


class TrickSpecObserver:
    """OpenSpiel's PyObserver: `tensor` and `dict` views, filled from the int observation."""

    def __init__(self, rules: Rules, perfect_recall: bool) -> None:
        self.rules = rules
        self.perfect_recall = perfect_recall
        layout = info_state_layout(rules) if perfect_recall else observation_layout(rules)
        self.tensor = np.zeros(layout.size, np.float32)
        self.dict: dict[str, Any] = {}
        at = 0
        for name, size in layout.pieces:
            self.dict[name] = self.tensor[at : at + size]
            at += size
        self._buffer = [0.0] * layout.size

    def set_from(self, state: TrickSpecState, player: int) -> None:
        buffer = self._buffer
        for i in range(len(buffer)):
            buffer[i] = 0.0
        if state.hand is not None:
            fill_observation(self.rules, state.hand.observation_ints(player), buffer, self.perfect_recall)
        elif state.dealer >= 0:
            buffer[
                observation_layout(self.rules).offsets()["dealer"] + (state.dealer - player) % self.rules.players
            ] = 1
        self.tensor[:] = buffer

    def string_from(self, state: TrickSpecState, player: int) -> str:
        if state.hand is None:
            return f"p{player} dealer {state.dealer}"
        obs = state.hand.observation(player)
        history = obs["history"] if self.perfect_recall else obs["trick"]
        return f"p{player} hand {' '.join(obs['hand'])} trump {obs['trump']} scores {obs['scores']} {history}"


def _game_type(variant: str) -> Any:
    rules = load_rules(variant)
    parameters: dict[str, Any] = {name: int(value) for name, value in rules.options.items()}
    parameters.update({"rules": "", "set": ""})
    players = list(rules.player_counts) or [rules.players]
    return pyspiel.GameType(
        short_name=game_name(variant),
        long_name=f"TrickSpec {rules.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(players),
        min_num_players=min(players),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )


def register(variants: list[str] | None = None) -> list[str]:
    """Register `trickspec_<variant>` for each bundled variant (or those given); returns the names."""
    names = []
    registered = set(pyspiel.registered_names())
    for variant in variants if variants is not None else bundled_names():
        name = game_name(variant)
        names.append(name)
        if name in registered:
            continue

        # A class per variant (as OpenSpiel's own Python games register a class, not a closure).
        game_class = type(f"TrickSpecGame_{name}", (TrickSpecGame,), {"variant_name": variant})
        pyspiel.register_game(_game_type(variant), game_class)
    return names


register()
