package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/claimcheck/claimcheck/internal/config"
	"github.com/claimcheck/claimcheck/internal/datasets"
)

// downloadTimeout bounds `data install` from a URL; the largest data set file is under 3 MB.
const downloadTimeout = 2 * time.Minute

// dataCmd installs and lists the third-party data sets under DATASETS_DIR.
func dataCmd(ctx context.Context, cfg config.Config, args []string, stdout io.Writer) error {
	if len(args) == 0 {
		return usageError{"data takes: install URL-or-PATH [--sha256 HEX] | status"}
	}
	switch args[0] {
	case "status":
		if len(args) != 1 {
			return usageError{"data status takes no arguments"}
		}
		return dataStatus(cfg, stdout)
	case "install":
		fs := flag.NewFlagSet("data install", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		sum := fs.String("sha256", "", "expected SHA-256 (default: the README's checksum of the data set)")
		if err := fs.Parse(reorderSHA(args[1:])); err != nil {
			return usageError{"data install: " + err.Error()}
		}
		if fs.NArg() != 1 {
			return usageError{"data install takes one URL or path"}
		}
		client := &http.Client{Timeout: downloadTimeout}
		res, err := datasets.Install(ctx, cfg.DatasetsDir, fs.Arg(0), *sum, client)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "installed %s: %d file(s) in %s, sha256 %s\nrestart the service to use it\n", res.Dataset, res.Files, res.Dir, res.Checksum)
		return nil
	default:
		return usageError{fmt.Sprintf("unknown data command %q", args[0])}
	}
}

// reorderSHA moves --sha256 and its value before the path, so it may be typed after it.
func reorderSHA(args []string) []string {
	var flags, rest []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--sha256" || a == "-sha256":
			flags = append(flags, a)
			if i+1 < len(args) {
				flags = append(flags, args[i+1])
				i++
			}
		case strings.HasPrefix(a, "--sha256=") || strings.HasPrefix(a, "-sha256="):
			flags = append(flags, a)
		default:
			rest = append(rest, a)
		}
	}
	return append(flags, append([]string{"--"}, rest...)...)
}

// dataStatus prints one block per data set: installed or not, where, its checksum and what it feeds.
func dataStatus(cfg config.Config, stdout io.Writer) error {
	fmt.Fprintf(stdout, "data sets in %s (DATASETS_DIR)\n\n", cfg.DatasetsDir)
	w := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	for _, s := range datasets.Status(cfg.DatasetsDir) {
		state := "not installed"
		switch {
		case s.Problem != "":
			state = "installed, unreadable: " + s.Problem
		case s.Installed && s.Documented:
			state = "installed (the README's version)"
		case s.Installed:
			state = "installed (not the README's version)"
		}
		sum := s.Checksum
		if sum == "" {
			sum = "-"
		}
		fmt.Fprintf(w, "%s\t%s\n", s.Name, state)
		fmt.Fprintf(w, "  path\t%s\n", s.Dir)
		fmt.Fprintf(w, "  sha256\t%s\n", sum)
		fmt.Fprintf(w, "  expected\t%s\n", s.SHA256)
		fmt.Fprintf(w, "  feeds\t%s\n", s.Feeds)
		fmt.Fprintf(w, "  upstream\t%s\n", s.Upstream)
		fmt.Fprintf(w, "\t\n")
	}
	if err := w.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(stdout, "install one with: claimcheck data install URL-or-PATH [--sha256 HEX] (README, \"Datasets\")")
	return nil
}

// logDatasets says at start-up which data sets are missing and what goes unassessed without them.
func logDatasets(cfg config.Config, log *slog.Logger) {
	for _, s := range datasets.Status(cfg.DatasetsDir) {
		switch {
		case s.Problem != "":
			log.Warn("data set unreadable", "dataset", s.Name, "path", s.Dir, "problem", s.Problem)
		case !s.Installed:
			log.Info("data set not installed; see README \"Datasets\"", "dataset", s.Name, "path", s.Dir, "without it", s.Feeds)
		case !s.Documented:
			log.Info("data set is not the README's version", "dataset", s.Name, "path", s.Dir, "sha256", s.Checksum)
		}
	}
}
