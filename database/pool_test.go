package database

import (
	"context"
	"runtime"
	"testing"
)

// The SQLite pool has two connections per core, 4 to 8, and every connection its own page cache
// of sqliteCacheKiB.
func TestSQLitePoolAndPageCache(t *testing.T) {
	for _, tc := range []struct{ procs, want int }{{1, 4}, {2, 4}, {3, 6}, {4, 8}, {64, 8}} {
		if got := sqliteMaxConns(tc.procs); got != tc.want {
			t.Errorf("sqliteMaxConns(%d) = %d, want %d", tc.procs, got, tc.want)
		}
	}
	db := openTestSQLite(t)
	sqlDB, err := db.Gorm.DB()
	if err != nil {
		t.Fatal(err)
	}
	if got, want := sqlDB.Stats().MaxOpenConnections, sqliteMaxConns(runtime.GOMAXPROCS(0)); got != want {
		t.Errorf("pool of %d connections, want %d", got, want)
	}
	// Several connections at once, each asked for its own setting.
	ctx := context.Background()
	for range 3 {
		conn, err := sqlDB.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		var n int
		if err := conn.QueryRowContext(ctx, "PRAGMA cache_size").Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n != -sqliteCacheKiB {
			t.Errorf("cache_size = %d, want %d", n, -sqliteCacheKiB)
		}
	}
}
