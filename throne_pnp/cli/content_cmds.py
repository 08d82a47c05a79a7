"""`throne validate` and `throne build`: the content and its printed components."""

from __future__ import annotations

from pathlib import Path

import click

from throne_pnp.cli.common import UserError, content_option


@click.command()
@content_option
def validate(content_dir: Path | None) -> None:
    """Check the content directory and list every problem.

    Exits 0 when the content is usable (notes may still be printed), or
    lists each problem with its file, line and what to change and exits 2.

    \b
    Example:
      throne validate --content my-edition/
    """
    from throne_pnp.content import check_content, default_content_dir

    directory = content_dir or default_content_dir()
    report = check_content(directory)
    for note in report.notes:
        click.echo(f"note: {note}")
    if report.problems:
        for problem in report.problems:
            click.echo(problem, err=True)
        count = len(report.problems)
        raise UserError(f"{directory}: {count} problem{'s' if count != 1 else ''} found")
    content = report.content
    assert content is not None
    click.echo(f"{directory}: ok — {content.map.name}, {len(content.map.territories)} "
               f"territories, {len(content.normal_cards)} normal and "
               f"{len(content.hard_cards)} hard cards")


@click.command()
@click.option("--paper", type=click.Choice(["a4", "letter", "both"]), default="both",
              show_default=True, help="Paper size of the PDFs.")
@click.option("--format", "fmt", type=click.Choice(["pdf", "svg", "both"]), default="both",
              show_default=True, help="Which files to write.")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path),
              default=Path("output"), show_default=True, help="Output directory.")
@click.option("--ink-saver", is_flag=True, help="No large filled areas.")
@click.option("--layout", type=click.Choice(["duplex", "backs-separate", "fold"]),
              default="duplex", show_default=True,
              help="Card backs: behind their fronts for long-edge duplex, on separate "
                   "pages, or fronts beside backs for fold-and-glue.")
@click.option("--watch", is_flag=True, help="Rebuild whenever the content changes.")
@content_option
def build(paper: str, fmt: str, out_dir: Path, ink_saver: bool, layout: str, watch: bool,
          content_dir: Path | None) -> None:
    """Write every printable component: map, cards (fronts and backs), rules.

    \b
    Example:
      throne build --paper a4 --format pdf --out print/
    """
    raise UserError("throne build is not implemented yet")


def register(group: click.Group) -> None:
    group.add_command(validate)
    group.add_command(build)
