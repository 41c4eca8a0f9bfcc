package main

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/accounts"
	"github.com/claimcheck/claimcheck/internal/config"
	"github.com/claimcheck/claimcheck/internal/storerules"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
)

// cheapParams keeps hashing fast in tests; production uses accounts.DefaultParams.
var cheapParams = accounts.Params{Memory: 64, Time: 1, Threads: 1, SaltLen: 16, KeyLen: 32}

func TestAdminCreate(t *testing.T) {
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(string(d), func(t *testing.T) {
			ctx := context.Background()
			cfg := config.Config{DatabaseURL: testdb.URL(t, d), BaseURL: "http://localhost:8080"}
			opts := []accounts.Option{accounts.WithParams(cheapParams)}
			var out, errOut bytes.Buffer
			args := []string{"create", "--email", "Root@Example.com", "--name", "Root", "--password-stdin"}
			if err := adminCmdIO(ctx, cfg, args, strings.NewReader("a long admin passphrase\n"), &out, &errOut, opts); err != nil {
				t.Fatalf("create: %v (stderr %s)", err, errOut.String())
			}
			if !strings.Contains(out.String(), "created admin root@example.com") {
				t.Errorf("stdout %q", out.String())
			}
			db, err := database.Open(ctx, cfg.DatabaseURL, database.Options{})
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			u, err := models.NewAccountStore(db).UserByEmail(ctx, "root@example.com")
			if err != nil {
				t.Fatal(err)
			}
			if u.Role != models.RoleAdmin || !u.Verified() {
				t.Errorf("role %s verified %v", u.Role, u.Verified())
			}
			svc := accounts.New(models.NewAccountStore(db), storerules.Stores(db).RateLimits, opts...)
			if _, err := svc.Login(ctx, "root@example.com", "a long admin passphrase", "127.0.0.1", "test"); err != nil {
				t.Errorf("login with the piped password: %v", err)
			}

			// A second admin with the same address is refused with the service's message.
			err = adminCmdIO(ctx, cfg, args, strings.NewReader("another passphrase!\n"), &out, &errOut, opts)
			if err == nil || !strings.Contains(err.Error(), "already exists") {
				t.Errorf("duplicate: %v", err)
			}
		})
	}
}

func TestAdminCreateRefusesPasswordInArgv(t *testing.T) {
	cfg := config.Config{DatabaseURL: "unused"}
	var out, errOut bytes.Buffer
	for _, args := range [][]string{
		{"create", "--email", "a@example.com", "--name", "A", "--password", "hunter22hunter"},
		{"create", "--email", "a@example.com", "--name", "A", "--password=hunter22hunter"},
		{"create", "--email", "a@example.com"},
		{"promote"},
		{},
	} {
		err := adminCmdIO(context.Background(), cfg, args, strings.NewReader("x\n"), &out, &errOut, nil)
		var ue usageError
		if !errors.As(err, &ue) {
			t.Errorf("%q: want a usage error, got %v", args, err)
		}
	}
	err := adminCmdIO(context.Background(), cfg, []string{"create", "--email", "a@example.com", "--name", "A"}, strings.NewReader(""), &out, &errOut, nil)
	if err == nil || !strings.Contains(err.Error(), "no password") {
		t.Errorf("empty stdin: %v", err)
	}
}
