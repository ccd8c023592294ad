"""`tally publish`: a static results site from a results, standings or ranking workbook (docs/publish.md)."""

from pathlib import Path

import typer

from pipeline.cli.common import (
    DEFAULT_UNZIPPED,
    DealsFile,
    Force,
    Lang,
    MaxUnzipped,
    ShowAll,
    folder_option,
    guarded,
    report_problems,
)
from pipeline.i18n import _, speaking
from pipeline.workbook.limits import Limits


def publish(
    workbook: Path = typer.Argument(
        ...,
        help="A results workbook or a PBN or USEBIO results file (scored on the way), or a standings or "
        "ranking workbook tally wrote.",
    ),
    out: Path | None = folder_option(
        None, "The folder to write the site into (default: <input>-site/ beside it)."
    ),
    force: Force = False,
    show_all: ShowAll = False,
    max_unzipped_mb: MaxUnzipped = DEFAULT_UNZIPPED,
    lang: Lang = None,
    deals: DealsFile = None,
) -> None:
    """Write the results as a static web site: standings, a page per competitor, per round or board.

    The site needs no server and no script: open index.html from the folder, or upload the folder anywhere.
    A folder holding anything but a site tally wrote is refused (exit 2) unless --force.

    The pages are in the language of the workbook's standings unless --lang says another. Results may be a
    PBN (.pbn) or USEBIO (.xml) file; a bridge event's board pages show its deals (--deals, a PBN event's own,
    or the PBN file of the same name beside the results).

    Example: tally publish club-night.xlsx -o club-night-site/ --lang es
    """
    from pipeline import api
    from pipeline.games.scoring import Standings

    def warned(standings: Standings) -> None:
        """The warnings of the results scored on the way, in their event's language (as standings prints them)."""
        with speaking(standings.language):
            if standings.warnings:
                report_problems(standings.warnings, str(workbook), show_all=show_all)

    folder = guarded(
        lambda: api.publish(
            workbook, out, force=force, limits=Limits(max_unzipped_mb), lang=lang, deals=deals, scored=warned
        ),
        show_all=show_all,
    )
    typer.echo(_("wrote {path}", path=folder / "index.html"))
