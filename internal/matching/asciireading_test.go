package matching

import "testing"

// TestASCIIReadings holds asciireading.go: a word typed without Turkish letters in a post
// without any is every word that folds to it, so an antonym only one of them has does not
// refuse ("asil", noble, is the opposite of "temel"; "asıl", main, is its synonym), while an
// antonym of every reading, a negation, another subject, or a post written with Turkish letters
// that spells "asil" (noble) stays refused.
func TestASCIIReadings(t *testing.T) {
	ix := lexIndex(t,
		review("u:climate", "Günümüzdeki küresel ısınmanın temel nedeni insan faaliyetleridir.", "tr", "dogru"),
		review("u:salt", "Fazla tuz tüketmek tansiyonu yükseltir.", "tr", "yanlis"),
	)
	checkSameClaims(t, ix, []sameCase{
		{"kuresel isinmanin asil sebebi insanlar", "tr", "u:climate", ""},
		{"kuresel isinmanin asil nedeni insan faaliyetleri", "tr", "u:climate", ""},
		{"tuzu fazla kacirmak tansiyonu cikarir", "tr", "u:salt", ""},

		{"kuresel isinmanin asil sebebi insanlar degil", "tr", "u:climate", "negation"},
		{"kuresel isinmanin asil sebebi gunes", "tr", "u:climate", "different"},
		{"Küresel ısınmanın asil nedeni insan faaliyetleri", "tr", "u:climate", "opposite"},
		{"tuzu fazla kacirmak tansiyonu dusurur", "tr", "u:salt", "opposite"},
		{"fazla seker tuketmek tansiyonu cikarir", "tr", "u:salt", "different"},
	})
}
