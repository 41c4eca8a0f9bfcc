package main

import (
	"bytes"
	"fmt"
	"os"
	"strings"
)

// wordnetLicence copies the WordNet 3.0 licence stanza from the Debian copyright file.
func wordnetLicence(path string) ([]byte, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read WordNet copyright %s: %w", path, err)
	}
	text := string(raw)
	start := strings.Index(text, "License: WordNet3.0")
	if start < 0 {
		return nil, fmt.Errorf("WordNet copyright %s: no WordNet3.0 licence stanza", path)
	}
	body := text[start+len("License: WordNet3.0\n"):]
	if end := strings.Index(body, "\n\n"); end >= 0 {
		body = body[:end]
	}
	var b bytes.Buffer
	b.WriteString("The tables wn-*.tsv* in this directory are derived from WordNet 3.0\n")
	b.WriteString("(Debian package wordnet-base, /usr/share/wordnet) and are distributed under its licence:\n\n")
	for _, l := range strings.Split(body, "\n") {
		l = strings.TrimPrefix(l, " ")
		if l == "." {
			l = ""
		}
		b.WriteString(l + "\n")
	}
	return b.Bytes(), nil
}

// freedictLicence copies the tur-eng and eng-tur stanzas of the FreeDict copyright file and the GPL-2 text.
func freedictLicence(path, gplPath string) ([]byte, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read FreeDict copyright %s: %w", path, err)
	}
	gpl, err := os.ReadFile(gplPath)
	if err != nil {
		return nil, fmt.Errorf("read GPL text %s: %w", gplPath, err)
	}
	var b bytes.Buffer
	b.WriteString("The tables en-tr.tsv.gz and tr-en.tsv.gz in this directory are derived from the FreeDict\n")
	b.WriteString("English-Turkish and Turkish-English dictionaries (Debian packages dict-freedict-eng-tur and\n")
	b.WriteString("dict-freedict-tur-eng, /usr/share/dictd). Their Debian copyright file states:\n\n")
	for _, stanza := range strings.Split(string(raw), "\n\n") {
		if strings.HasPrefix(stanza, "Files: eng-tur/") || strings.HasPrefix(stanza, "Files: tur-eng/") {
			b.WriteString(strings.TrimSpace(stanza) + "\n\n")
		}
	}
	if !bytes.Contains(b.Bytes(), []byte("Files: eng-tur/")) || !bytes.Contains(b.Bytes(), []byte("Files: tur-eng/")) {
		return nil, fmt.Errorf("FreeDict copyright %s: no eng-tur or tur-eng stanza", path)
	}
	b.WriteString("The dictionaries' own header adds: \"Copyright (C) 1999-2017 by various authors ... Available\n")
	b.WriteString("under the terms of the GNU General Public License ver. 2.0 and any later version.\"\n\n")
	b.WriteString("The text of the GNU General Public License version 2 follows.\n\n")
	b.Write(gpl)
	return b.Bytes(), nil
}
