package metering_test

import (
	"context"
	"testing"

	"github.com/claimcheck/claimcheck/internal/metering"
	"github.com/claimcheck/claimcheck/internal/testdb"
)

// BenchmarkAdmitRead measures one counted read's admission from parallel clients on one key,
// counted exactly (one statement each, the Meter not started) and from leases (started), for a
// key with a quota far from used up and for an unlimited one.
func BenchmarkAdmitRead(b *testing.B) {
	for _, d := range testdb.Dialects() {
		b.Run(string(d), func(b *testing.B) {
			db := testdb.Open(b, d)
			for _, plan := range []struct {
				name  string
				quota *int
			}{{"quota", intp(1 << 30)}, {"unlimited", nil}} {
				for _, leased := range []bool{false, true} {
					name := plan.name + "/exact"
					if leased {
						name = plan.name + "/leased"
					}
					b.Run(name, func(b *testing.B) {
						p := startProcess(db, newClock())
						if !leased {
							if err := p.meter.Close(context.Background()); err != nil {
								b.Fatal(err)
							}
						}
						secret, _ := p.issueB(b, plan.quota)
						k, err := p.meter.Resolve(context.Background(), secret)
						if err != nil {
							b.Fatal(err)
						}
						b.ResetTimer()
						b.RunParallel(func(pb *testing.PB) {
							for pb.Next() {
								if a, err := p.meter.Admit(context.Background(), k, metering.Read); err != nil || !a.Allowed {
									b.Fatalf("admit: %+v %v", a, err)
								}
							}
						})
						b.StopTimer()
						if err := p.meter.Close(context.Background()); err != nil {
							b.Fatal(err)
						}
					})
				}
			}
		})
	}
}
