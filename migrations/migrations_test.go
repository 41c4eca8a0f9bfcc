package migrations_test

import (
	"io/fs"
	"slices"
	"sync"
	"testing"

	"github.com/claimcheck/claimcheck/internal/database"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/migrations"
	"github.com/claimcheck/claimcheck/models"
	"github.com/pressly/goose/v3"
	"gorm.io/gorm/schema"
)

func versions(t *testing.T, dialect string) []int64 {
	t.Helper()
	fsys, err := migrations.FS(dialect)
	if err != nil {
		t.Fatal(err)
	}
	names, err := fs.Glob(fsys, "*.sql")
	if err != nil {
		t.Fatal(err)
	}
	var vs []int64
	for _, n := range names {
		v, err := goose.NumericComponent(n)
		if err != nil {
			t.Fatalf("%s/%s: %v", dialect, n, err)
		}
		vs = append(vs, v)
	}
	slices.Sort(vs)
	return vs
}

func TestDialectsHaveTheSameVersions(t *testing.T) {
	sq, pg := versions(t, "sqlite"), versions(t, "postgres")
	if len(sq) == 0 {
		t.Fatal("no sqlite migrations found")
	}
	if !slices.Equal(sq, pg) {
		t.Fatalf("migration versions differ: sqlite %v, postgres %v", sq, pg)
	}
}

func TestSchemaHasEveryMappedColumn(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		for _, m := range models.All() {
			s, err := schema.Parse(m, &sync.Map{}, db.Gorm.NamingStrategy)
			if err != nil {
				t.Fatalf("parse %T: %v", m, err)
			}
			if !db.Gorm.Migrator().HasTable(s.Table) {
				t.Errorf("%s: table %s missing", db.Dialect, s.Table)
				continue
			}
			cols, err := db.Gorm.Migrator().ColumnTypes(m)
			if err != nil {
				t.Fatalf("%s: columns of %s: %v", db.Dialect, s.Table, err)
			}
			have := map[string]bool{}
			for _, c := range cols {
				have[c.Name()] = true
			}
			for _, f := range s.Fields {
				if f.DBName != "" && !have[f.DBName] {
					t.Errorf("%s: %s.%s is mapped by %T but missing from the schema", db.Dialect, s.Table, f.DBName, m)
				}
			}
		}
	})
}

func TestDownThenUpAgain(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		sqlDB, _ := db.Gorm.DB()
		p, err := migrations.Provider(sqlDB, string(db.Dialect))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := p.DownTo(t.Context(), 0); err != nil {
			t.Fatalf("down to 0: %v", err)
		}
		if db.Gorm.Migrator().HasTable("claims") {
			t.Fatal("claims table survived down migration")
		}
		if _, err := p.Up(t.Context()); err != nil {
			t.Fatalf("up again: %v", err)
		}
		var n int64
		if err := db.Gorm.Table("plans").Where("slug IN ?", []string{"starter", "enterprise"}).Count(&n).Error; err != nil || n != 2 {
			t.Fatalf("seeded plans = %d, %v; want starter and enterprise", n, err)
		}
	})
}
