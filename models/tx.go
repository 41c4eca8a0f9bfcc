package models

import (
	"context"
	"fmt"

	"github.com/claimcheck/claimcheck/database"
	"gorm.io/gorm"
)

// Tx is one database transaction as code outside models holds it: an opaque token that a
// capability package passes back to the stores it calls, so several stores can write atomically
// while *gorm.DB never leaves store code.
type Tx struct{ g *gorm.DB }

// Transactor opens transactions over one database.
type Transactor struct{ db *database.DB }

// NewTransactor builds the transaction opener over db.
func NewTransactor(db *database.DB) *Transactor { return &Transactor{db: db} }

// InTx runs fn in one transaction: committed when fn returns nil, rolled back otherwise.
func (t *Transactor) InTx(ctx context.Context, fn func(tx Tx) error) error {
	err := t.db.Gorm.WithContext(ctx).Transaction(func(g *gorm.DB) error { return fn(Tx{g: g}) })
	if err != nil {
		return fmt.Errorf("transaction: %w", err)
	}
	return nil
}

// gorm returns the transaction's handle, or the store's own when tx is the zero Tx (no
// transaction: the statement runs on its own).
func (tx Tx) gorm(ctx context.Context, fallback *database.DB) *gorm.DB {
	if tx.g != nil {
		return tx.g.WithContext(ctx)
	}
	return fallback.Gorm.WithContext(ctx)
}
