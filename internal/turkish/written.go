package turkish

import "strings"

// Written is the Turkish spelling a word is compared in when its Turkish letters count: Turkish
// lower case (see Lower) with the optional circumflex dropped (â, î, û), which writers use
// inconsistently ("rüzgâr" = "rüzgar", "kâr" = "kar" as typed). Unlike Fold it keeps ç, ğ, ı, ö,
// ş and ü, so "öldü" (died) stays apart from "oldu" (became).
func Written(s string) string {
	s = Lower(s)
	if isASCII(s) {
		return s
	}
	return circumflexes.Replace(s)
}

// circumflexes drops the optional Turkish circumflex.
var circumflexes = strings.NewReplacer("â", "a", "î", "i", "û", "u")
