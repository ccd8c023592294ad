"""Who is who across a season: one ID under several names, and one person likely under several IDs."""

from __future__ import annotations

import pandas as pd

from pipeline.games.names import folded_names
from pipeline.games.ordering import lexicographic_order, natural_ranks
from pipeline.i18n import _each
from pipeline.problems import kind
from schemas.ranking import Contribution, IdentityReport
from schemas.validation import validated

C = Contribution
I = IdentityReport  # noqa: E741
SAME_ID = "same ID, different names"
SAME_NAME = "same name under different IDs (likely one person)"
# the code of each identity report, by the words of its Check column
IDENTITY_CODES = {
    SAME_ID: kind(
        "R116",
        "one ID under several names across the season (the Identity sheet lists them)",
        "warning",
        example="same ID, different names: 7 (Ann Lee; Anne Lee)",
    ).code,
    SAME_NAME: kind(
        "R117",
        "one name (accents, case and spaces aside) under several IDs: likely one person",
        "warning",
        example="same name under different IDs (likely one person): 8; 21 (José  Pérez; jose perez)",
    ).code,
}


def name_uses(contributions: pd.DataFrame) -> pd.DataFrame:
    """Each (ID, name) pair seen, labelled with in how many events and the newest file it appears in."""
    seen = contributions.dropna(subset=[C.name]).sort_values([C.date, C.file], kind="stable")
    grouped = seen.groupby([C.player, C.name], sort=True)
    label = _each("{count} event(s), newest {file}", count=grouped.size(), file=grouped[C.file].last())
    return label.rename("label").reset_index()


def identity_reports(contributions: pd.DataFrame) -> pd.DataFrame:
    """Every ID seen under more than one name, and every name (folded) seen under more than one ID."""
    uses = name_uses(contributions)
    many_names = uses[uses.groupby(C.player)[C.name].transform("size") > 1]
    by_id = many_names.groupby(C.player, sort=False)
    same_id = pd.DataFrame(
        {
            I.check: SAME_ID,
            I.players: by_id[C.player].first(),
            I.names: by_id[C.name].agg("; ".join),
            I.seen_in: (many_names[C.name] + ": " + many_names["label"])
            .groupby(many_names[C.player])
            .agg("; ".join),
        }
    )
    folded = folded_names(uses[C.name])
    uses = uses.assign(folded=folded)[folded.ne("")]
    ids_per_name = uses.groupby("folded")[C.player].transform("nunique")
    shared = uses[ids_per_name > 1]
    shared = shared.iloc[lexicographic_order([natural_ranks(shared[C.player])])]  # IDs listed 8 before 21
    by_name = shared.groupby("folded", sort=False)
    same_name = pd.DataFrame(
        {
            I.check: SAME_NAME,
            I.players: by_name[C.player].agg(lambda ids: "; ".join(dict.fromkeys(ids))),
            I.names: by_name[C.name].agg(lambda names: "; ".join(dict.fromkeys(names))),
            I.seen_in: _each(
                "{id} as {name}: {seen}", id=shared[C.player], name=shared[C.name], seen=shared["label"]
            )
            .groupby(shared["folded"])
            .agg("; ".join),
        }
    )
    reports = pd.concat([same_id, same_name], ignore_index=True)
    if reports.empty:
        return validated(
            pd.DataFrame({c: pd.Series(dtype="str") for c in (I.check, I.players, I.names, I.seen_in)}), I
        )
    order = lexicographic_order(
        [reports[I.check].eq(SAME_NAME).to_numpy(dtype="int64"), natural_ranks(reports[I.players])]
    )
    return validated(reports.iloc[order].reset_index(drop=True).astype("str"), I)
