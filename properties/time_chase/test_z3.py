"""The Z3 model of trick resolution: proofs for all tricks and hands, and the differential check."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
import z3

from properties.time_chase import differential, z3model


@pytest.mark.parametrize("proof", z3model.prove_all(), ids=lambda p: f"{p.name} ({p.size})")
def test_proved(proof: z3model.Proof) -> None:
    assert proof.proved, proof.counterexample


def test_the_model_never_imports_the_oracle() -> None:
    tree = ast.parse(Path(z3model.__file__).read_text(encoding="utf-8"))
    imported = [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
    imported += [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
    assert not any(name.split(".")[0] == "oracle" for name in imported)


def test_the_model_finds_a_broken_claim() -> None:
    """The prover bites: claiming that the lead card always wins is refuted."""
    cards = z3model.Cards.fresh("t", 3)
    trump = z3.Int("trump")
    claim = z3model.is_winner(cards, 0, cards.suits[0], trump)
    proof = z3model._prove("the lead always wins", 3, claim, cards.well_formed())
    assert not proof.proved and proof.counterexample


@pytest.mark.parametrize("broken", z3model.BREAKS, ids=lambda b: b.name)
def test_each_proof_fails_under_its_break(broken: z3model.Break) -> None:
    """Each proof has teeth: a named misreading put into the model makes it fail (and is undone after)."""
    assert z3model.refuted_under(broken), f"{broken.proof} still proves with '{broken.name}'"
    assert getattr(z3model, broken.proof)(broken.size).proved


def test_every_proof_has_a_break() -> None:
    assert {b.proof for b in z3model.BREAKS} == {"prove_one_winner", "prove_winner_shape", "prove_follow"}


def test_differential_winner() -> None:
    differential.differential_winner()


def test_differential_led_trick() -> None:
    differential.differential_led_trick()


def test_differential_follow() -> None:
    differential.differential_follow()
