"""`tally publish`: a static results site from a results, standings or ranking workbook (docs/publish.md)."""

from pathlib import Path

import typer

from pipeline.cli.common import DEFAULT_UNZIPPED, Force, Lang, MaxUnzipped, ShowAll, folder_option, guarded
from pipeline.i18n import _
from pipeline.workbook.limits import Limits


def publish(
    workbook: Path = typer.Argument(
        ..., help="A results workbook (scored on the way), or a standings or ranking workbook tally wrote."
    ),
    out: Path | None = folder_option(
        None, "The folder to write the site into (default: <input>-site/ beside it)."
    ),
    force: Force = False,
    show_all: ShowAll = False,
    max_unzipped_mb: MaxUnzipped = DEFAULT_UNZIPPED,
    lang: Lang = None,
) -> None:
    """Write the results as a static web site: standings, a page per competitor, per round or board.

    The site needs no server and no script: open index.html from the folder, or upload the folder anywhere.
    A folder holding anything but a site tally wrote is refused (exit 2) unless --force.

    The pages are in the language of the workbook's standings unless --lang says another.

    Example: tally publish club-night.xlsx -o club-night-site/ --lang es
    """
    from pipeline import api

    folder = guarded(
        lambda: api.publish(workbook, out, force=force, limits=Limits(max_unzipped_mb), lang=lang),
        show_all=show_all,
    )
    typer.echo(_("wrote {path}", path=folder / "index.html"))
