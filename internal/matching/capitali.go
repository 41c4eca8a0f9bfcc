package matching

import (
	"strings"

	"github.com/claimcheck/claimcheck/internal/turkish"
)

// Turkish lower-cases a capital I to ı, yet posts typed on a keyboard without Turkish letters
// write I for İ as well ("Roma yanarken Imparator Neron keman caliyormus" for "İmparator"). A
// word written in ASCII letters alone was typed without Turkish letters, its capital I
// included; lowered the Turkish way it gains an ı the writer never chose, and the lexicon,
// asked only about spellings that keep the writer's letters (writtenSpelling, claimparts.go),
// knows no "ımparator": the word has no dictionary form and reads as a name of its own
// ("different entity: Imparator ≠ Emperor"). Lowered as plain ASCII it is read, as every word
// typed without Turkish letters is, through any spelling that folds to it ("imparator",
// "ırmak" for "Irmak").

// writtenLower lowers a word as written: a word in ASCII letters alone as ASCII, any other the
// Turkish way (turkish.Lower), so that only a letter the writer typed counts as chosen.
func writtenLower(base string) string {
	if isASCIIWord(base) {
		return strings.ToLower(base)
	}
	return turkish.Lower(base)
}
