package analysis

import (
	"encoding/json"
	"maps"
	"os"
	"runtime"
	"slices"
	"sort"
	"strings"
	"testing"
	"unicode"

	"github.com/claimcheck/claimcheck/internal/datasets"
	"github.com/claimcheck/claimcheck/internal/datasets/datasetstest"
)

// refStopwords is the former index of the stopword lists (a set per language beside the
// word → languages index), kept as the reference the compact index is compared against.
type refStopwords struct {
	codes []string
	index map[string]int
	sets  []map[string]bool
	langs map[string][]int
	byScr map[*unicode.RangeTable][]int
}

// refNewStopwords is the former newStopwords.
func refNewStopwords(raw map[string][]string) *refStopwords {
	sw := &refStopwords{index: map[string]int{}, langs: map[string][]int{}, byScr: map[*unicode.RangeTable][]int{}}
	for code := range raw {
		sw.codes = append(sw.codes, code)
	}
	sort.Strings(sw.codes)
	for i, code := range sw.codes {
		sw.index[code] = i
		set := make(map[string]bool, len(raw[code]))
		counts := map[*unicode.RangeTable]int{}
		for _, w := range raw[code] {
			w = lowerFor(code, strings.TrimSpace(w))
			if w == "" || set[w] {
				continue
			}
			set[w] = true
			sw.langs[w] = append(sw.langs[w], i)
			if s := dominantScript(w); s != nil {
				counts[s]++
			}
		}
		var best *unicode.RangeTable
		for _, s := range scripts {
			if best == nil || counts[s] > counts[best] {
				best = s
			}
		}
		sw.sets = append(sw.sets, set)
		sw.byScr[best] = append(sw.byScr[best], i)
	}
	return sw
}

// isoLists reads the installed stopwords-iso lists.
func isoLists(t testing.TB) map[string][]string {
	t.Helper()
	dir := datasetstest.Require(t, datasets.Stopwords)
	data, err := os.ReadFile(datasets.Path(dir, datasets.Stopwords, datasets.StopwordsFile))
	if err != nil {
		t.Fatal(err)
	}
	var raw map[string][]string
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatal(err)
	}
	return raw
}

// TestStopwordsMatchReference compares, for the built-in lists, stopwords-iso and both merged as
// the detector uses them, every language's answer for every listed word (and a near miss) and
// the languages, scripts and word → languages index between newStopwords and the former one.
func TestStopwordsMatchReference(t *testing.T) {
	builtin := builtinFunctionWords()
	iso := isoLists(t)
	merged := newStopwords(iso).withFunctionWords(builtin).raw
	for name, raw := range map[string]map[string][]string{"built-in": builtin.raw, "stopwords-iso": iso, "merged": merged} {
		t.Run(name, func(t *testing.T) {
			sw, ref := newStopwords(raw), refNewStopwords(raw)
			if !slices.Equal(sw.codes, ref.codes) || !maps.Equal(sw.index, ref.index) ||
				!maps.EqualFunc(sw.byScr, ref.byScr, slices.Equal) || !maps.EqualFunc(sw.langs, ref.langs, slices.Equal) {
				t.Fatal("codes, index, scripts or word languages differ from the reference")
			}
			for _, w := range slices.Sorted(maps.Keys(ref.langs)) {
				for _, probe := range []string{w, w + "x", strings.ToUpper(w)} {
					for i, code := range ref.codes {
						if got, want := sw.has(code, probe), ref.sets[i][probe]; got != want {
							t.Fatalf("has(%q, %q) = %v, reference %v", code, probe, got, want)
						}
					}
				}
			}
		})
	}
	fw := builtinFunctionWords()
	for _, lang := range []string{"tr", "en"} {
		want := slices.Sorted(maps.Keys(refNewStopwords(fw.raw).sets[slices.Index(fw.codes, lang)]))
		if got := fw.words(lang); !slices.Equal(got, want) {
			t.Errorf("words(%s): %d words, reference %d", lang, len(got), len(want))
		}
	}
}

// TestStopwordsRetainedHeap reports the heap the stopword index of stopwords-iso keeps.
func TestStopwordsRetainedHeap(t *testing.T) {
	raw := isoLists(t)
	measure := func(build func() any) float64 {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		v := build()
		runtime.GC()
		runtime.ReadMemStats(&after)
		runtime.KeepAlive(v)
		return float64(after.HeapInuse-before.HeapInuse) / 1e6
	}
	ref := measure(func() any { return refNewStopwords(raw) })
	got := measure(func() any { return newStopwords(raw) })
	t.Logf("stopwords-iso index retains %.2f MB, the former one %.2f MB", got, ref)
	if got > ref {
		t.Errorf("index keeps %.2f MB, more than the former %.2f MB", got, ref)
	}
}
