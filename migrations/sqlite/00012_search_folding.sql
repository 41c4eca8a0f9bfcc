-- +goose Up
-- Claim search finds Turkish words typed without Turkish letters (PostgreSQL's version of this
-- migration adds a folded copy of the claim text to its search vector). claims_fts already folds
-- them: its unicode61 tokenizer with remove_diacritics 2 indexes "şeker" as "seker", and the
-- query's I/İ/ı spellings cover the dotless ı, which it keeps. Nothing to change here; the
-- version exists so that both dialects have the same ones.
SELECT 1;

-- +goose Down
SELECT 1;
