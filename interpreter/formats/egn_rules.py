"""EGN ruleset toggles and our house rules: the one table both directions read.

An EGN file names its rules as toggles (`"canadian": true`); we name them as
overlays of `euchre` stacked with `--rule` (plus `--set` options). Import turns
toggles into overlays, export turns a record's overlays back into toggles, and
docs/interop.md shows the same table: a toggle or overlay that is not in it
cannot cross, and both directions say so in one line.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import SpecError, TrickSpecError
from ..spec.model import OptionModel
from ..variants import load_rules

BASE_VARIANT = "euchre"

# EGN's toggles and their defaults (docs/alternate-rules.md of the EGN repository).
DEFAULTS: dict[str, Any] = {
    "std": True,
    "min_rank": 9,
    "winning_score": 10,
    "num_deals": 0,
    "canadian": False,
    "loner_lead": "LEFT_OF_DEALER",
    "loner_march_score": 4,
    "loner_euchred_score": 2,
    "defend_alone": False,
    "farmers": False,
    "partners_best": False,
    "go_under": False,
    "joker": False,
    "num_players": 4,
    "allow_no_trump": False,
    "fast_break": False,
    "four_trick_tokens": False,
}


@dataclass(frozen=True)
class Mapping:
    """One toggle value that an overlay says (`option`: the overlay's option that takes the value)."""

    toggle: str
    value: Any  # the EGN value; None where `option` carries it (any value the overlay allows)
    overlay: str
    option: str | None = None
    note: str = ""


MAPPINGS: tuple[Mapping, ...] = (
    Mapping("std", True, "house/stick-the-dealer"),
    Mapping("canadian", True, "house/canadian-loner"),
    Mapping("loner_lead", "LEFT_OF_LONER", "house/lead-loners-left"),
    Mapping("loner_march_score", 5, "house/lone-march-5"),
    Mapping("loner_euchred_score", 4, "house/lone-euchre-4"),
    # any other value: the overlays that take the score as a ranged option (the fixed ones above
    # come first, so files made with them import as before)
    Mapping("loner_march_score", None, "house/loner-march-score", option="loner_march_score"),
    Mapping("loner_euchred_score", None, "house/loner-euchred-score", option="loner_euchred_score"),
    Mapping("defend_alone", True, "house/defend-alone-egn"),  # exact: import takes this one
    Mapping(
        "defend_alone",
        True,
        "house/defend-alone",
        note="ours also lets a defender go alone against a partnered maker; such a hand cannot be exported",
    ),
    Mapping(
        "farmers",
        True,
        "house/farmers-hand",
        note="the exchange is `cardExchanges` {receiver: seat, cards: the kitty cards he keeps} (no sender)",
    ),
    Mapping(
        "partners_best",
        True,
        "house/partners-best",
        note="the gift is `cardExchanges` {sender: partner, receiver: loner, cards: [card]}",
    ),
    Mapping(
        "go_under",
        True,
        "house/going-under",
        note="ours lets only the maker exchange, after trump is fixed; recorded like `farmers`",
    ),
    Mapping("joker", True, "house/benny", note="a turned joker cannot be imported: EGN has no call for its suit"),
    Mapping("min_rank", 7, "house/deck-32"),
    # any other value: the overlay whose option chooses the lowest rank (deck.lowest)
    Mapping("min_rank", None, "house/min-rank", option="min_rank"),
    Mapping("allow_no_trump", True, "house/no-trump-round2", note='the call "n" is `call high`'),
    Mapping("fast_break", True, "house/fast-break"),
    Mapping(
        "four_trick_tokens",
        True,
        "house/four-trick-tokens-egn",
        note="tokens are not written: import counts them again from the hands",
    ),
    Mapping("winning_score", None, "house/target", option="target"),
    Mapping("num_deals", None, "house/fixed-deals", option="match_deals"),
)

# What no bundled overlay says, in words (import and export both print these).
CANNOT: dict[str, str] = {
    "num_players": "EGN does not say how euchre is played by other than 4 players",
}


class EgnRulesError(TrickSpecError):
    """A toggle or overlay with no counterpart on the other side."""


def _declared_option(overlay: str, option: str) -> OptionModel | None:
    """The overlay's option as declared (read from the spec model, never restated here)."""
    return load_rules(BASE_VARIANT, {}, [overlay]).model.options.get(option)


def overlays_for(ruleset: dict[str, Any]) -> tuple[list[str], dict[str, int]]:
    """EGN toggles -> (overlays of euchre, options); raises for a toggle we cannot say."""
    unknown = sorted(set(ruleset) - set(DEFAULTS))
    if unknown:
        raise EgnRulesError(f"ruleset.{unknown[0]}: not an EGN toggle (known: {', '.join(DEFAULTS)})")
    for toggle, value in ruleset.items():
        if type(value) is not type(DEFAULTS[toggle]):
            raise EgnRulesError(f"ruleset.{toggle} = {_json(value)}: expected a {type(DEFAULTS[toggle]).__name__}")
    values = {**DEFAULTS, **ruleset}
    fixed_deals = values["num_deals"] > 0
    if fixed_deals and ruleset.get("winning_score", 0) != 0:
        raise EgnRulesError("ruleset: both winning_score and num_deals end the game; EGN allows one of them")
    if not fixed_deals and values["winning_score"] == 0:
        raise EgnRulesError("ruleset: winning_score 0 and no num_deals: the game has no end")
    overlays: list[str] = []
    options: dict[str, int] = {}
    for toggle, default in DEFAULTS.items():
        value = values[toggle]
        if toggle == "std":  # the one toggle whose default is a house rule
            if value:
                overlays.append("house/stick-the-dealer")
            continue
        if value == default or (toggle == "winning_score" and fixed_deals):
            continue
        if toggle in CANNOT:
            raise EgnRulesError(f"ruleset.{toggle} = {_json(value)}: no house rule expresses it ({CANNOT[toggle]})")
        match = next((m for m in MAPPINGS if m.toggle == toggle and m.value in (value, None)), None)
        if match is None:
            raise EgnRulesError(f"ruleset.{toggle} = {_json(value)}: {_no_overlay(toggle, value)}")
        if match.option is not None:
            declared = _declared_option(match.overlay, match.option)
            if declared is None or not declared.allows(value):
                allowed = declared.allowed_text() if declared is not None else "nothing"
                raise EgnRulesError(
                    f"ruleset.{toggle} = {_json(value)}: {match.overlay} allows {match.option} = {allowed} only"
                )
            options[match.option] = value
        overlays.append(match.overlay)
    return overlays, options


def _no_overlay(toggle: str, value: Any) -> str:
    said = [m for m in MAPPINGS if m.toggle == toggle]
    if not said:
        return "no house rule expresses it"
    alternatives = ", ".join(f"{_json(m.value)} ({m.overlay})" for m in said)
    return f"no house rule expresses this value (expressible: {_json(DEFAULTS[toggle])} (plain euchre), {alternatives})"


def _json(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    return str(value)


def ruleset_for(variant: str, overlays: list[str], options: dict[str, int]) -> dict[str, Any]:
    """A record's variant, overlays and options -> EGN toggles; raises for a rule EGN cannot say."""
    if variant != BASE_VARIANT:
        raise EgnRulesError(f"variant {variant!r}: EGN records only {BASE_VARIANT} and its house rules")
    ruleset: dict[str, Any] = {"std": False}
    for overlay in overlays:
        name = overlay.removesuffix(".yaml")
        match = next((m for m in MAPPINGS if m.overlay == name), None)
        if match is None:
            raise EgnRulesError(f"house rule {overlay}: EGN has no toggle for it")
        if match.option is None:
            ruleset[match.toggle] = match.value
    for option, value in options.items():
        match = next((m for m in MAPPINGS if m.option == option and m.overlay in overlays), None)
        if match is None and any(value == _default_option(o, option) for o in overlays):
            continue  # an option left at its default says nothing (benny's joker_upcard)
        if match is None:
            raise EgnRulesError(f"option {option}={value}: EGN has no toggle for it")
        ruleset[match.toggle] = value
        if match.toggle == "num_deals":
            ruleset["winning_score"] = 0
    if "house/fixed-deals" in overlays and "num_deals" not in ruleset:
        ruleset["num_deals"] = _default_option("house/fixed-deals", "match_deals") or 0
        ruleset["winning_score"] = 0
    if "house/target" in overlays and "winning_score" not in ruleset:
        ruleset["winning_score"] = _default_option("house/target", "target") or 0
    return {toggle: ruleset[toggle] for toggle in DEFAULTS if toggle in ruleset}


def _default_option(overlay: str, option: str) -> int | None:
    try:
        declared = _declared_option(overlay, option)
    except SpecError as err:  # pragma: no cover - bundled overlays compile (tests check them)
        raise EgnRulesError(str(err)) from None
    return None if declared is None else declared.default
