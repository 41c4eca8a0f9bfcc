// Command gen derives the thesaurus tables in internal/thesaurus/data from English WordNet 3.0
// (Debian wordnet-base), the FreeDict Turkish–English and English–Turkish dictionaries
// (Debian dict-freedict-tur-eng, dict-freedict-eng-tur) and the Turkish WordNet KeNet (npm
// package nlptoolkit-wordnet@1.0.7, unpacked with npm pack). internal/thesaurus/README.md
// describes each table; `go generate ./internal/thesaurus/` runs this command.
package main

import (
	"bytes"
	"compress/gzip"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

func main() {
	wordnetDir := flag.String("wordnet", "/usr/share/wordnet", "directory with WordNet 3.0 data.*, index.*, *.exc, cntlist.rev")
	dictdDir := flag.String("dictd", "/usr/share/dictd", "directory with freedict-{tur-eng,eng-tur}.{index,dict.dz}")
	wordnetCopyright := flag.String("wordnet-copyright", "/usr/share/doc/wordnet-base/copyright", "WordNet licence file")
	freedictCopyright := flag.String("freedict-copyright", "/usr/share/doc/dict-freedict-eng-tur/copyright", "FreeDict copyright file")
	gpl := flag.String("gpl", "/usr/share/common-licenses/GPL-2", "text of the GNU GPL version 2")
	kenetDir := flag.String("kenet", "/tmp/kenet/package", "unpacked npm package nlptoolkit-wordnet@1.0.7 (turkish_wordnet.xml, english_wordnet_version_31.xml, package.json)")
	out := flag.String("out", "data", "output directory")
	flag.Parse()
	if err := run(*wordnetDir, *dictdDir, *wordnetCopyright, *freedictCopyright, *gpl, *kenetDir, *out); err != nil {
		fmt.Fprintln(os.Stderr, "thesaurus gen:", err)
		os.Exit(1)
	}
}

// run builds every table and licence file into out.
func run(wordnetDir, dictdDir, wordnetCopyright, freedictCopyright, gpl, kenetDir, out string) error {
	wn, err := loadWordNet(wordnetDir)
	if err != nil {
		return err
	}
	kn, err := loadKeNet(kenetDir, wn)
	if err != nil {
		return err
	}
	knLicence, err := kenetLicence(kenetDir)
	if err != nil {
		return err
	}
	engTur, err := readDictd(filepath.Join(dictdDir, "freedict-eng-tur.index"), filepath.Join(dictdDir, "freedict-eng-tur.dict.dz"))
	if err != nil {
		return err
	}
	turEng, err := readDictd(filepath.Join(dictdDir, "freedict-tur-eng.index"), filepath.Join(dictdDir, "freedict-tur-eng.dict.dz"))
	if err != nil {
		return err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return fmt.Errorf("create %s: %w", out, err)
	}
	hyper := wn.hypernyms()
	files := map[string][]byte{
		"wn-lemmas.tsv.gz":     lemmaTable(wn),
		"wn-hypernyms.tsv.gz":  hypernymTable(hyper),
		"wn-antonyms.tsv.gz":   antonymTable(wn.antonymPairs()),
		"wn-near.tsv.gz":       antonymTable(wn.nearPairs()),
		"wn-derived.tsv.gz":    antonymTable(wn.derivedPairs()),
		"wn-exceptions.tsv.gz": exceptionTable(wn),
		"wn-general.tsv":       generalTable(wn, hyper),
		"wn-counts.tsv":        countTable(wn),
		"wn-verbfiles.tsv":     verbFileTable(wn),
	}
	enTr, trEn := translations(wn, engTur, turEng)
	files["en-tr.tsv.gz"] = translationTable(enTr)
	files["tr-en.tsv.gz"] = translationTable(trEn)
	kn.checkLinks(trEn)
	knHyper := kn.hypernyms()
	knSenses := kn.senses()
	files["kenet-lemmas.tsv.gz"] = kenetLemmaTable(knSenses)
	files["kenet-synsets.tsv.gz"] = kenetSynsetTable(kn, knHyper)
	files["kenet-general.tsv"] = kenetGeneralTable(kn, knHyper)
	knEnTr, knTrEn := kenetTranslations(kn, knSenses)
	files["kenet-en-tr.tsv.gz"] = translationTable(knEnTr)
	files["kenet-tr-en.tsv.gz"] = translationTable(knTrEn)
	files["kenet-verb-links.txt"] = kenetVerbLinkTable(kn, wn)
	files["LICENSE-KeNet"] = knLicence
	for name, body := range files {
		if strings.HasSuffix(name, ".gz") {
			body, err = gz(body)
			if err != nil {
				return fmt.Errorf("compress %s: %w", name, err)
			}
		}
		if err := os.WriteFile(filepath.Join(out, name), body, 0o644); err != nil {
			return fmt.Errorf("write %s: %w", name, err)
		}
	}
	wnLicence, err := wordnetLicence(wordnetCopyright)
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(out, "LICENSE-WordNet"), wnLicence, 0o644); err != nil {
		return fmt.Errorf("write LICENSE-WordNet: %w", err)
	}
	fdLicence, err := freedictLicence(freedictCopyright, gpl)
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(out, "LICENSE-FreeDict"), fdLicence, 0o644); err != nil {
		return fmt.Errorf("write LICENSE-FreeDict: %w", err)
	}
	return nil
}

// gz compresses b deterministically (no name, no time stamp).
func gz(b []byte) ([]byte, error) {
	var buf bytes.Buffer
	w, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return nil, err
	}
	if _, err := w.Write(b); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// joinInts writes ids separated by spaces.
func joinInts(ids []int) string {
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = strconv.Itoa(id)
	}
	return strings.Join(parts, " ")
}

// lemmaTable: lemma, tagged-corpus frequency, then per part of speech "n:ids" in WordNet sense order.
func lemmaTable(wn *wordnet) []byte {
	keys := make([]string, 0, len(wn.index))
	for k := range wn.index {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b bytes.Buffer
	for _, k := range keys {
		e := wn.index[k]
		fmt.Fprintf(&b, "%s\t%d", k, wn.freq[k])
		for p, ids := range e {
			if len(ids) > 0 {
				fmt.Fprintf(&b, "\t%c:%s", posFiles[p].code, joinInts(ids))
			}
		}
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// hypernymTable: synset id, then its hypernym and instance-hypernym ids.
func hypernymTable(hyper [][]int) []byte {
	var b bytes.Buffer
	for id, hs := range hyper {
		if len(hs) > 0 {
			fmt.Fprintf(&b, "%d\t%s\n", id, joinInts(hs))
		}
	}
	return b.Bytes()
}

// antonymTable: one synset pair per line (also the form of the near and derived tables).
func antonymTable(pairs [][2]int) []byte {
	var b bytes.Buffer
	for _, p := range pairs {
		fmt.Fprintf(&b, "%d\t%d\n", p[0], p[1])
	}
	return b.Bytes()
}

// exceptionTable: part of speech, irregular form, base forms separated by "|".
func exceptionTable(wn *wordnet) []byte {
	var b bytes.Buffer
	for p := range wn.exc {
		keys := make([]string, 0, len(wn.exc[p]))
		for k := range wn.exc[p] {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			fmt.Fprintf(&b, "%c\t%s\t%s\n", posFiles[p].code, k, strings.Join(wn.exc[p][k], "|"))
		}
	}
	return b.Bytes()
}

// verbFileTable: the lexicographer file of each verb synset (verb.change, verb.contact, …), as
// runs of consecutive synset ids ("first id, last id, file"): WordNet's grinder writes data.verb
// file by file, so the runs are few.
func verbFileTable(wn *wordnet) []byte {
	var b bytes.Buffer
	first, file := -1, ""
	flush := func(last int) {
		if first >= 0 {
			fmt.Fprintf(&b, "%d\t%d\t%s\n", first, last, file)
		}
	}
	last := -1
	for _, s := range wn.synsets {
		if s.pos != 1 {
			continue
		}
		if s.lexFile != file || s.id != last+1 {
			flush(last)
			first, file = s.id, s.lexFile
		}
		last = s.id
	}
	flush(last)
	return b.Bytes()
}

// countTable: number of synsets per part of speech; ids are assigned noun, verb, adj, adv in order.
func countTable(wn *wordnet) []byte {
	var b bytes.Buffer
	for p, n := range wn.counts {
		fmt.Fprintf(&b, "%c\t%d\n", posFiles[p].code, n)
	}
	return b.Bytes()
}
