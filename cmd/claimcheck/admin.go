package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/accounts"
	"github.com/claimcheck/claimcheck/internal/app"
	"github.com/claimcheck/claimcheck/internal/config"
	"github.com/claimcheck/claimcheck/internal/storerules"
)

// adminUsage is shown for every mistake in an admin command line.
const adminUsage = "admin takes: create --email EMAIL --name NAME [--password-stdin] (the password is read from standard input)"

// adminCmd runs `claimcheck admin …` with the process's standard input.
func adminCmd(ctx context.Context, cfg config.Config, args []string, stdout, stderr io.Writer) error {
	return adminCmdIO(ctx, cfg, args, os.Stdin, stdout, stderr, nil)
}

// adminCmdIO is adminCmd with its input and account options injectable, for tests (cheap hashing).
// The password comes from stdin only: argv is visible to every user of the machine and lands in
// shell history.
func adminCmdIO(ctx context.Context, cfg config.Config, args []string, stdin io.Reader, stdout, stderr io.Writer, opts []accounts.Option) error {
	if len(args) == 0 || args[0] != "create" {
		return usageError{adminUsage}
	}
	fs := flag.NewFlagSet("admin create", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	email := fs.String("email", "", "the admin's email address")
	name := fs.String("name", "", "the admin's name")
	fs.Bool("password-stdin", true, "read the password from standard input (always on)")
	for _, a := range args[1:] {
		if a == "--password" || a == "-password" || strings.HasPrefix(a, "--password=") || strings.HasPrefix(a, "-password=") {
			return usageError{"never pass a password on the command line; pipe it in: printf '%s\\n' \"$PW\" | claimcheck admin create --email E --name N --password-stdin"}
		}
	}
	if err := fs.Parse(args[1:]); err != nil || fs.NArg() > 0 {
		return usageError{adminUsage}
	}
	if strings.TrimSpace(*email) == "" || strings.TrimSpace(*name) == "" {
		return usageError{"admin create needs --email EMAIL and --name NAME"}
	}
	if f, ok := stdin.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			fmt.Fprint(stderr, "Password for the new admin (typing is visible; pipe it in to avoid that): ")
		}
	}
	password, err := readPassword(stdin)
	if err != nil {
		return err
	}
	db, err := database.Open(ctx, cfg.DatabaseURL, database.Options{MaxOpenConns: 2})
	if err != nil {
		return err
	}
	defer db.Close()
	if err := app.Migrate(ctx, db); err != nil {
		return err
	}
	stores := storerules.Stores(db)
	svc := accounts.New(stores.Accounts, stores.RateLimits, opts...)
	u, err := svc.CreateAdmin(ctx, *email, *name, password)
	var verr *accounts.ValidationError
	if errors.As(err, &verr) {
		return fmt.Errorf("admin create: %s", verr.Error())
	}
	if err != nil {
		return fmt.Errorf("admin create: %w", err)
	}
	fmt.Fprintf(stdout, "created admin %s (%s); log in at %s/login\n", u.Email, u.ID, strings.TrimRight(cfg.BaseURL, "/"))
	return nil
}

// readPassword reads the first line of r; only the line ending is removed, since spaces may be
// part of a passphrase.
func readPassword(r io.Reader) (string, error) {
	line, err := bufio.NewReader(io.LimitReader(r, 4*accounts.MaxPasswordChars+2)).ReadString('\n')
	if err != nil && !errors.Is(err, io.EOF) {
		return "", fmt.Errorf("admin create: read password: %w", err)
	}
	line = strings.TrimSuffix(strings.TrimSuffix(line, "\n"), "\r")
	if line == "" {
		return "", usageError{"admin create: no password on standard input"}
	}
	return line, nil
}
