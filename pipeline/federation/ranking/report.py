"""The ranking workbook's sheets (and the same tables for Parquet), with written headers."""

from __future__ import annotations

import numpy as np
import pandas as pd

from pipeline.federation.ranking.identity import SAME_ID, SAME_NAME
from pipeline.federation.ranking.people import PERSON
from pipeline.federation.ranking.points import AFTER, BEFORE, IN_WINDOW, window_start, window_words
from pipeline.federation.ranking.register import FILLED, INACTIVE, NAME_DIFFERS, NAMED, SEVERAL, UNKNOWN
from pipeline.federation.ranking.rules import RankingRules
from pipeline.federation.ranking.scales import RATE, STEPS
from pipeline.games.ordering import lexicographic_order, natural_ranks
from pipeline.games.settings import WEIGHT_SETTING
from pipeline.i18n import N_, _, spoken_language
from pipeline.language import header_in
from pipeline.sheets import OutputSheet
from schemas.common import sheet_name_of, titles_of
from schemas.ranking import NOTE, AwardRow, CountedContribution, IdentityReport, RankingRow, SeasonEvent
from schemas.shared import RulesSheet
from schemas.validation import validated

AS_OF = N_("As of")  # the Rules item of the day the ranking is as of
# the words the ranking's cells are computed in (English, as the models check them) -> the text written, in
# the language spoken when the sheets are made
WRITTEN_WORDS = {
    IN_WINDOW: N_("in window"),
    BEFORE: N_("before the window"),
    AFTER: N_("after the as-of date"),
    SAME_ID: N_("same ID, different names"),
    SAME_NAME: N_("same name under different IDs (likely one person)"),
    UNKNOWN: N_("unknown member"),
    INACTIVE: N_("inactive member"),
    NAME_DIFFERS: N_("name differs from the register's"),
    FILLED: N_("number filled from the register"),
    SEVERAL: N_("name of several members"),
    NAMED: N_("name filled from the register"),
}
E, K, R, I, A = SeasonEvent, CountedContribution, RankingRow, IdentityReport, AwardRow  # noqa: E741
HEADERS = {
    **titles_of(E),
    **titles_of(K),
    **titles_of(R),
    **titles_of(I),
    **titles_of(RulesSheet),
}  # name -> header
# each sheet's columns in order (Contributions names each event, Events says where each falls in the window)
RANKING_COLUMNS = [R.rank, R.player, R.name, R.units, R.events, R.best]
CONTRIBUTION_COLUMNS = [
    K.player,
    K.name,
    K.competitor,
    K.partners,
    E.event,
    K.date,
    K.file,
    K.place,
    K.field,
    K.weight,
    K.units,
    K.counted,
    K.note,
]
EVENT_COLUMNS = [E.file, E.game, E.event, E.date, E.weight, E.field, K.window, E.sha256]


def points(units: pd.Series, rules: RankingRules) -> pd.Series:
    """Units of the last decimal as points (2 decimals by default)."""
    return (units.astype("int64") / rules.unit).round(rules.decimals)


def headed(frame: pd.DataFrame, columns: list[str]) -> pd.DataFrame:
    """The columns of a frame in a sheet's order, under their headers."""
    return frame[columns].rename(columns=HEADERS).reset_index(drop=True)


def ranking_frame(ranking: pd.DataFrame, rules: RankingRules) -> pd.DataFrame:
    """The Ranking sheet: Rank, Player, Name, Points, Events, Best."""
    shown = ranking.assign(
        **{R.units: points(ranking[R.units], rules), R.best: points(ranking[R.best], rules)}
    )
    return headed(shown, RANKING_COLUMNS)


def contributions_frame(
    counted: pd.DataFrame, events: pd.DataFrame, rules: RankingRules, as_of: pd.Timestamp
) -> pd.DataFrame:
    """The Contributions sheet: one row per competitor and event, by competitor then date."""
    titles = events.set_index(E.file)[E.event]
    order = lexicographic_order(
        [
            natural_ranks(counted[K.player]),
            counted[K.date].to_numpy(dtype="datetime64[ns]").astype("int64"),
            natural_ranks(counted[K.file]),
        ]
    )
    c = counted.iloc[order].reset_index(drop=True)
    shown = c.assign(
        **{
            E.event: c[K.file].map(titles).astype("str"),
            K.units: points(c[K.units], rules),
            K.counted: pd.Series(np.where(c[K.counted], _("yes"), _("no")), index=c.index),
            K.window: written_words(c[K.window]),
            K.note: pd.Series(notes_of(c, as_of, rules), index=c.index),
        }
    )
    return headed(shown, CONTRIBUTION_COLUMNS)


def written_words(words: pd.Series) -> pd.Series:
    """The ranking's words (Window, Check) in the language spoken."""
    return words.map({word: _(text) for word, text in WRITTEN_WORDS.items()}).fillna(words)


def notes_of(counted: pd.DataFrame, as_of: pd.Timestamp, rules: RankingRules) -> np.ndarray:
    """Each contribution's Note in the language spoken: counted, or why not (after the as-of date, before the
    window, not among the best N), as `counted_contributions` decided it."""
    start, end = f"{window_start(as_of, rules):%Y-%m-%d}", f"{as_of:%Y-%m-%d}"
    return np.select(
        [counted[K.counted].to_numpy(dtype=bool), counted[K.window].eq(AFTER), counted[K.window].eq(BEFORE)],
        [
            _("counted"),
            _("played after the as-of date {as_of}", as_of=end),
            _("played before the window ({start} to {as_of})", start=start, as_of=end),
        ],
        _("not among the best {best}", best=rules.best),
    )


def events_frame(events: pd.DataFrame, as_of: pd.Timestamp, rules: RankingRules) -> pd.DataFrame:
    """The Events sheet: each standings workbook read, by date."""
    window = pd.Series(window_words(events[E.date], as_of, rules), index=events.index, dtype="object")
    return headed(events.assign(**{K.window: written_words(window)}), EVENT_COLUMNS)


def identity_frame(reports: pd.DataFrame) -> pd.DataFrame:
    """The Identity sheet: each likely mix-up of IDs and names."""
    return reports.assign(**{I.check: written_words(reports[I.check])}).rename(columns=titles_of(I))


def award_words(rules: RankingRules) -> str:
    """What each place is worth, in words (the Rules sheet's Event points row): the field formula or the
    published scale ranking.toml declares."""
    a = rules.award
    if a.kind == RATE:
        return _(
            "the winner {two} x weight x tables in a two-winner field (up to {two_limit} tables), {one} x weight x "
            "tables in a one-winner field (up to {one_limit}); the runner-up {runner_up} of it, each lower place "
            "the winner's divided by one less than the place; places paid: {paid}; rounded half up to {decimals} "
            "decimals",
            two=f"{a.rate_two_winner:g}",
            two_limit=a.limit_two_winner,
            one=f"{a.rate_one_winner:g}",
            one_limit=a.limit_one_winner,
            runner_up=f"{a.runner_up:.0%}",
            paid=a.paid,
            decimals=rules.decimals,
        )
    if a.kind == STEPS:
        return _(
            "the last place paid gets the minimum ({two} two-winner, {one} one-winner, {individual} individual) "
            "and each place above it one step more ({two_step}, {one_step}, {individual_step}), x weight; places "
            "paid: {paid}; a tie gets at least the minimum",
            two=f"{a.minimum_two_winner:g}",
            one=f"{a.minimum_one_winner:g}",
            individual=f"{a.minimum_individual:g}",
            two_step=f"{a.step_two_winner:g}",
            one_step=f"{a.step_one_winner:g}",
            individual_step=f"{a.step_individual:g}",
            paid=a.paid,
        )
    return _(
        "weight x {scale} x (field - place + 1) / field, rounded half up to {decimals} decimals",
        scale=f"{rules.scale:g}",
        decimals=rules.decimals,
    )


def credit_words(rules: RankingRules) -> str:
    """Who the ranking credits and how people are matched, in words (the Rules sheet's Players row)."""
    if rules.credit == PERSON:
        return _(
            "each player of a pair or team is credited with its place and points; players are matched across "
            "events by membership number (the Members sheet of each standings), else by name (case, accents "
            "and spacing aside); a pair number is never a player"
        )
    return _("each competitor is credited, matched across events by ID (the Player, Pair or Team column)")


def rules_frame(rules: RankingRules, as_of: pd.Timestamp, events: int, notes: list[str]) -> pd.DataFrame:
    """The Rules sheet: the arithmetic and the choices behind the ranking, in words, then the season's notes."""
    start, end = f"{window_start(as_of, rules):%Y-%m-%d}", f"{as_of:%Y-%m-%d}"
    rows = [
        (_(AS_OF), end),
        (
            header_in(HEADERS[K.window], spoken_language()),
            _(
                "events dated {start} to {as_of} ({days} days)",
                start=start,
                as_of=end,
                days=rules.window_days,
            ),
        ),
        (_("Event points"), award_words(rules)),
        (
            _("Shared places"),
            _("competitors sharing a place share the average of the points of the places they span"),
        ),
        (
            WEIGHT_SETTING.written_name,
            _(
                "the event's Weight setting; {weight} where none is given",
                weight=f"{rules.default_weight:g}",
            ),
        ),
        (
            header_in(HEADERS[K.counted], spoken_language()),
            _(
                "each competitor's best {best} events in the window (equal points: the newer event first)",
                best=rules.best,
            ),
        ),
        (
            _("Ranking"),
            _("most points, then more events counted, then the best single event; else the rank is shared"),
        ),
        (_("Players"), credit_words(rules)),
        (_("Events read"), str(events)),
    ]
    rows += [(header_in(NOTE, spoken_language()), note) for note in notes]
    return pd.DataFrame(rows, columns=list(titles_of(RulesSheet).values()))


# the sheets in order, named by their models (`tally rank` checks these names); also the Parquet tables' names
RANKING_SHEETS = tuple(sheet_name_of(m) for m in (R, K, E, I, RulesSheet))


def points_format(rules: RankingRules) -> str:
    """Excel's number format of points at the rules' decimals (0.00 by default)."""
    return "0." + "0" * rules.decimals if rules.decimals else "0"


def ranking_sheets(
    ranking: pd.DataFrame,
    counted: pd.DataFrame,
    events: pd.DataFrame,
    reports: pd.DataFrame,
    rules: RankingRules,
    as_of: pd.Timestamp,
    notes: list[str],
) -> list[OutputSheet]:
    """The sheets of the ranking workbook, in order."""
    table = ranking_frame(ranking, rules)
    fmt = points_format(rules)
    number = {HEADERS[R.units]: fmt, HEADERS[R.best]: fmt}
    ranked, contributions, listed, identity, rules_sheet = RANKING_SHEETS
    item, value = HEADERS[RulesSheet.item], HEADERS[RulesSheet.value]
    return [
        OutputSheet(
            ranked,
            table,
            number,
            highlight=pd.Series(table[HEADERS[R.rank]].to_numpy() <= 3),
            rank=HEADERS[R.rank],
        ),
        OutputSheet(
            contributions, contributions_frame(counted, events, rules, as_of), {HEADERS[K.units]: fmt}
        ),
        OutputSheet(listed, events_frame(events, as_of, rules), widths={HEADERS[E.sha256]: 70}),
        OutputSheet(identity, identity_frame(reports), widths={HEADERS[I.seen_in]: 100}),
        OutputSheet(
            rules_sheet,
            rules_frame(rules, as_of, len(events), notes),
            widths={item: 20, value: 100},
            wrapped=(item, value),
        ),
    ]


def awards_frame(counted: pd.DataFrame, events: pd.DataFrame, rules: RankingRules) -> pd.DataFrame:
    """The federation's export: one row per person and event (AwardRow), by event date, file, then place;
    the membership number blank for a person known by name only; every event read, counted or not (the
    ranking's best-N is not the federation's award)."""
    titles = events.set_index(E.file)[E.event]
    c = counted.sort_values([K.date, K.file, K.place, K.player], kind="stable").reset_index(drop=True)
    table = pd.DataFrame(
        {
            A.member_id: c[K.player].where(~c[K.by_name].to_numpy(dtype=bool)),
            A.name: c[K.name],
            A.event: c[K.file].map(titles).astype("str"),
            A.date: c[K.date].dt.strftime("%Y-%m-%d"),
            A.place: c[K.place],
            A.field: c[K.field],
            A.points: points(c[K.units], rules),
            A.competitor: c[K.competitor],
            A.partners: c[K.partners],
            A.file: c[K.file],
        }
    )
    return validated(table, A).rename(columns=titles_of(A))


def parquet_tables(sheets: list[OutputSheet]) -> dict[str, pd.DataFrame]:
    """The ranking tables for other tools: sheet name in lower case -> the table as written."""
    return {s.name.lower(): s.frame for s in sheets}
