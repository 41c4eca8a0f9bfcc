package analysis

import (
	"testing"

	"github.com/claimcheck/claimcheck/internal/datasets/datasetstest"
)

// offlineWithData builds the offline analyzer over the test data sets, skipping the test (and
// naming the path) when the ones it needs are not there.
func offlineWithData(t testing.TB, need ...string) *Offline {
	t.Helper()
	var dir string
	for _, name := range need {
		dir = datasetstest.Require(t, name)
	}
	if dir == "" {
		dir = datasetstest.Dir(t)
	}
	ds, err := LoadDatasets(dir)
	if err != nil {
		t.Fatal(err)
	}
	o, err := NewOfflineWith(ds)
	if err != nil {
		t.Fatal(err)
	}
	return o
}
