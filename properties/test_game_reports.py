"""`./dev prove` and `./dev mutants` find every game's reports by folder."""

from __future__ import annotations

from properties.game_reports import HERE, game_reports


def test_every_game_folder_has_a_report() -> None:
    folders = sorted(p.parent.name for p in HERE.glob("*/__init__.py"))
    found = [r.__name__.split(".")[1] for r in game_reports()]
    assert found == folders
    assert "trois_ombres" in found and "time_chase" in found


def test_each_report_proves_and_judges_mutants() -> None:
    for report in game_reports():
        assert isinstance(report.TITLE, str) and report.TITLE
        assert callable(report.prove) and callable(report.mutants)


def test_the_trois_ombres_proofs_run_and_hold(capsys: object) -> None:
    from properties.trois_ombres import report

    assert report.prove() == 0
