package models

import (
	"context"
	"fmt"
	"sync"

	"github.com/claimcheck/claimcheck/database"
	"gorm.io/gorm"
)

// Tx is one database transaction as code outside models holds it: an opaque token that a
// capability package passes back to the stores it calls, so several stores can write atomically
// while *gorm.DB never leaves store code.
type Tx struct {
	g *gorm.DB
	// undo holds what runs once the transaction is rolled back; nil when whoever opened the
	// transaction does not run it (OnRollback then refuses).
	undo *txUndo
}

// txUndo is the list of functions a rolled-back transaction runs.
type txUndo struct {
	mu  sync.Mutex
	fns []func()
}

// OnRollback registers fn to run after the transaction is rolled back because its work failed,
// so that a capability can give back what it handed out inside it (internal/metering returns a
// quota token to its lease). It reports false, and fn never runs, when tx cannot promise that:
// the zero Tx, or a transaction not opened by Transactor.InTx. A failed commit does not run fn:
// its outcome is unknown, and keeping what was handed out is the side that never over-admits.
func (tx Tx) OnRollback(fn func()) bool {
	if tx.undo == nil {
		return false
	}
	tx.undo.mu.Lock()
	defer tx.undo.mu.Unlock()
	tx.undo.fns = append(tx.undo.fns, fn)
	return true
}

// rolledBack runs the registered functions, latest first.
func (u *txUndo) rolledBack() {
	u.mu.Lock()
	fns := u.fns
	u.fns = nil
	u.mu.Unlock()
	for i := len(fns) - 1; i >= 0; i-- {
		fns[i]()
	}
}

// Transactor opens transactions over one database.
type Transactor struct{ db *database.DB }

// NewTransactor builds the transaction opener over db.
func NewTransactor(db *database.DB) *Transactor { return &Transactor{db: db} }

// InTx runs fn in one transaction: committed when fn returns nil, rolled back otherwise (and then
// what fn registered with Tx.OnRollback runs, after the rollback).
func (t *Transactor) InTx(ctx context.Context, fn func(tx Tx) error) error {
	undo := &txUndo{}
	fnErr, err := t.db.InTx(ctx, func(g *gorm.DB) error {
		return fn(Tx{g: g, undo: undo})
	})
	if fnErr != nil {
		undo.rolledBack()
	}
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
