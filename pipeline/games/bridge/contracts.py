"""Parse typed contracts, declarers and trick results into clean columns."""

from __future__ import annotations

import pandas as pd

from schemas.bridge import Contract as K

# Strain spellings, replaced (after NFKC, upper-casing and whitespace removal) by one letter.
STRAIN_SPELLINGS: dict[str, str] = {
    r"[♣♧]|梅花": "C",
    r"[♦♢]|方块|方塊": "D",
    r"[♥♡]|红心|紅心": "H",
    r"[♠♤]|黑桃": "S",
    r"NT|无将|無將": "N",
}
CONTRACT_PATTERN = rf"^(?P<{K.level}>[1-7])(?P<{K.strain}>[CDHSN])(?P<{K.doubling}>XX|X|\*\*|\*)?$"
PASSED_PATTERN = r"^(?:PASS|P|AP|ALLPASS)$"
DECLARER_NAMES: dict[str, str] = {
    **dict.fromkeys(["N", "NORTH", "北"], "N"),
    **dict.fromkeys(["E", "EAST", "东", "東"], "E"),
    **dict.fromkeys(["S", "SOUTH", "南"], "S"),
    **dict.fromkeys(["W", "WEST", "西"], "W"),
}
RESULT_PATTERN = r"^(?:(?P<made>=|0|MADE|M)|(?P<offset>[+-][0-9]{1,2}))$"


def normalized_text(text: pd.Series) -> pd.Series:
    """Text as NFKC, upper-case, without any whitespace (NA stays NA)."""
    return (
        text.astype("str")
        .str.normalize("NFKC")
        .str.upper()
        .str.replace(r"\s+", "", regex=True)
        .str.replace(r"[−–—]", "-", regex=True)
    )


def strain_letters(text: pd.Series) -> pd.Series:
    """Normalized contract text with every strain spelling replaced by C, D, H, S or N."""
    for spelling, letter in STRAIN_SPELLINGS.items():
        text = text.str.replace(spelling, letter, regex=True)
    return text


def parsed_contracts(text: pd.Series) -> pd.DataFrame:
    """Typed contracts (`Contract`: level, strain, doubling, passed, valid) parsed from the text typed."""
    clean = strain_letters(normalized_text(text))
    parts = clean.str.extract(CONTRACT_PATTERN)
    passed = clean.str.fullmatch(PASSED_PATTERN).fillna(False).astype(bool)
    found = parts[K.level].notna()
    return pd.DataFrame(
        {
            K.level: pd.to_numeric(parts[K.level]).astype("Int64"),
            K.strain: parts[K.strain],
            K.doubling: parts[K.doubling].str.len().fillna(0).astype("int64"),  # X or * once, XX or ** twice
            K.passed: passed,
            K.valid: found | passed,
        },
        index=text.index,
    )


def parsed_declarers(text: pd.Series) -> pd.Series:
    """Declarer seat as N, E, S or W (NA when blank or not a seat name)."""
    return normalized_text(text).map(DECLARER_NAMES).astype("str")


def tricks_from_result(level: pd.Series, result_text: pd.Series) -> pd.Series:
    """Tricks taken (Int64 0-13) from the level and a result such as =, +1, -2 or made."""
    parts = normalized_text(result_text).str.extract(RESULT_PATTERN)
    offset = pd.to_numeric(parts["offset"]).where(parts["made"].isna(), 0)
    tricks = (pd.to_numeric(level).astype("Float64") + 6 + offset.to_numpy()).astype("Int64")
    return tricks.where(tricks.between(0, 13))
