"""What a Results cell may hold beyond its own column: a contract with its result and declarer in one cell
(`4S=N`), a Tricks cell against the contract (`=`, `+1`, `-2`), the letter C read by the workbook's language;
and the problems of such cells (B200-B204). docs/bridge-values.md says how each is read."""

from __future__ import annotations

import pandas as pd

from pipeline.games.bridge.contracts import (
    ES,
    contract_language,
    declarer_languages,
    normalized_text,
    parsed_contracts,
    parsed_declarers,
    relative_tricks,
)
from pipeline.games.checks import problems_where
from pipeline.i18n import N_, _, _each, spoken_language
from pipeline.language import header_in
from pipeline.parsing import via_distinct
from pipeline.problems import CODE, ROW, kind
from pipeline.sheets import Sheet
from schemas.bridge import BAD_TRICKS
from schemas.bridge import Contract as K
from schemas.bridge import ResultsSheet as R
from schemas.bridge import TypedResult as T
from schemas.common import titles_of

CLUBS_OR_HEARTS = kind(
    "B200",
    "a contract's strain C in a workbook whose contracts do not say whether C is clubs (English) or "
    "corazones (Spanish)",
)
READ_AS_HEARTS = kind(
    "B201",
    "contracts with the strain C read as corazones (hearts): the workbook's contracts are in Spanish",
    "warning",
    example="Results, row 4, column 'Contract' [4C X-1]: warning: C read as corazones (hearts) in 1 contract(s), "
    "as the workbook's contracts are in Spanish (P, T, SA); type ♣ or T for clubs",
)
CELL_RESULT_DISAGREES = kind(
    "B202",
    "a one-cell contract's result (4S=, 3NT+1) that gives no 0 to 13 tricks, or that Tricks or Result contradicts",
)
CELL_DECLARER_DISAGREES = kind("B203", "a one-cell contract's declarer (4S=N) that Declarer contradicts")
WRONG_COLUMN = kind(
    "B204", "a Result or Tricks cell holding what belongs in another column (a contract, a declarer)"
)
SPANISH, MIXED = ES, "mixed"
FIGURES = r"[0-9=+\-.]*"  # a normalized cell of these is neither a contract (it has a strain) nor a seat
WHAT_TO_TYPE = N_(
    "type ♣ (or T, tréboles) for clubs and ♥ (or H) for hearts, or use a letter only one language has "
    "elsewhere in the Contract column (English H, S, NT; Spanish P, T, SA)"
)


def results_language(contracts: pd.DataFrame, declarers: pd.Series) -> str:
    """The language of a Results sheet's contracts and declarers (`contract_language`), from their distinct
    cells."""
    cells = pd.Series(declarers.unique(), dtype="str")
    return contract_language(
        pd.concat([pd.Series(contracts[K.language].unique()), declarer_languages(cells)])
    )


def read_strains(contracts: pd.DataFrame, language: str) -> pd.Series:
    """Each contract's strain, the letter C read as hearts (corazones) when the contracts are in Spanish."""
    hearts = contracts[K.clubs_or_hearts] & (language == SPANISH)
    return contracts[K.strain].mask(hearts, "H")


def tricks_against_contract(level: pd.Series, text: pd.Series) -> pd.Series:
    """The tricks a Tricks cell typed against the contract (=, +1, -2) gives: Int64 0-13, else NA. The level
    plus 6 plus the cell's offset (`relative_offsets`); each distinct cell is read once (`via_distinct`)."""
    offset = via_distinct(text, relative_offsets, pd.NA, "Float64")
    tricks = (level.astype("Float64") + 6 + offset).astype("Int64")
    return tricks.where(tricks.between(0, 13))


def relative_offsets(text: pd.Series) -> pd.Series:
    """The offset of Tricks cells typed against the contract (none of them blank): where `relative_tricks`
    holds, the cell in NFKC without white space and `=` read as 0, as a number (NA when it is not one); NA
    elsewhere."""
    offset = pd.to_numeric(
        text.astype("str")
        .str.normalize("NFKC")
        .str.replace(r"\s", "", regex=True)
        .str.replace("=", "0", regex=False),
        errors="coerce",
    )
    return offset.astype("Float64").where(relative_tricks(text))


def misplaced(text: pd.Series) -> pd.Series:
    """The column a Result or Tricks cell belongs in when it holds a contract or a seat ('' otherwise)."""
    return via_distinct(text, misplaced_texts, "", "str")


def misplaced_texts(text: pd.Series) -> pd.Series:
    """`misplaced` for cells none of which is blank (the distinct cells of a column)."""
    if normalized_text(text).str.fullmatch(FIGURES).all():  # tricks and results (9, =, -1), as nearly always:
        return pd.Series("", index=text.index, dtype="str")  # no contract or seat is only figures and signs
    titles = titles_of(R)
    contract = parsed_contracts(text)
    seat = parsed_declarers(text).notna()
    return (
        pd.Series(titles[R.contract], index=text.index, dtype="str")
        .where(contract[K.valid] & ~contract[K.passed], "")
        .mask(seat, titles[R.declarer])
    )


def language_problems(sheet: Sheet, contracts: pd.DataFrame, language: str) -> list[pd.DataFrame]:
    """B200 at every C when the language is not known (or mixed); B201 once when C was read as hearts."""
    f = sheet.frame
    ambiguous = contracts[K.clubs_or_hearts] & (language != SPANISH) & (language != "en")
    why = (
        _("this workbook's contracts mix English and Spanish letters")
        if language == MIXED
        else _("this workbook's contracts use no letter only English or Spanish has")
    )
    out = [
        problems_where(
            sheet,
            ambiguous,
            R.contract,
            _(
                "C is clubs in English but corazones (hearts) in Spanish, and {why}: {what}",
                why=why,
                what=_(WHAT_TO_TYPE),
            ),
            CLUBS_OR_HEARTS,
        )
    ]
    hearts = contracts[K.clubs_or_hearts] & (language == SPANISH)
    if hearts.any():
        first = pd.Series(False, index=f.index)
        first[hearts[hearts].index[0]] = True
        out.append(
            problems_where(
                sheet,
                first,
                R.contract,
                _(
                    "C read as corazones (hearts) in {count} contract(s), as the workbook's contracts are in "
                    "Spanish (P, T, SA); type ♣ or T for clubs",
                    count=int(hearts.sum()),
                ),
                READ_AS_HEARTS,
            )
        )
    return out


def cell_problems(sheet: Sheet, t: pd.DataFrame, bid: pd.Series) -> list[pd.DataFrame]:
    """One-cell contracts against the Tricks, Result and Declarer columns; cells in the wrong column."""
    f = sheet.frame
    cell_tricks = t[T.cell_tricks]
    has_cell = t[T.cell_result].notna() & bid
    against = t[T.typed_tricks].fillna(t[T.result_tricks])
    column = pd.Series(R.tricks, index=f.index).where(f[R.tricks].notna(), R.result)
    out = [
        problems_where(
            sheet,
            has_cell & cell_tricks.isna(),
            R.contract,
            _("the result in this contract gives no number of tricks from 0 to 13"),
            CELL_RESULT_DISAGREES,
        )
    ]
    for col in (R.tricks, R.result):  # the column the cell's result is checked against
        out.append(
            problems_where(
                sheet,
                has_cell & column.eq(col) & against.notna() & cell_tricks.ne(against).fillna(False),
                [R.contract, col],
                _(
                    "the contract's own result and {column} disagree: give the result once",
                    column=sheet.written(col),
                ),
                CELL_RESULT_DISAGREES,
            )
        )
    out.append(
        problems_where(
            sheet,
            t[T.cell_seat].notna()
            & t[T.typed_declarer].notna()
            & t[T.cell_seat].ne(t[T.typed_declarer]).fillna(False),
            [R.contract, R.declarer],
            _(
                "the contract names another declarer than {column}: give the declarer once",
                column=sheet.written(R.declarer),
            ),
            CELL_DECLARER_DISAGREES,
        )
    )
    for col in (R.tricks, R.result):  # Tricks or Result holding a contract or a seat
        belongs = misplaced(f[col])
        out.append(
            problems_where(
                sheet,
                belongs.ne(""),
                col,
                _each("this belongs in the {column} column", column=belongs.replace(spoken_headers(belongs))),
                WRONG_COLUMN,
            )
        )
    return out


def spoken_headers(headers: pd.Series) -> dict[str, str]:
    """Each distinct header of `headers` (English titles) -> as the language spoken writes it."""
    lang = spoken_language()
    return {h: header_in(h, lang) for h in headers.dropna().unique() if h}  # two headers at most


def without_misplaced(problems: pd.DataFrame, sheet: Sheet) -> pd.DataFrame:
    """The sheet's problems less Tricks's B102 at the cells B204 says belong in another column (one problem
    per cell: where it belongs)."""
    wrong = misplaced(sheet.frame[R.tricks]).ne("")
    rows = wrong.index[wrong.to_numpy()]
    drop = problems[CODE].eq(BAD_TRICKS.code) & problems[ROW].isin(rows)
    return problems[~drop].reset_index(drop=True)
