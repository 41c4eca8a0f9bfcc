package matching

import "testing"

// TestSameClaimNumberEnding holds a Turkish ending typed after a number without its apostrophe:
// straight after a percentage ("%10unu", "%20sini") and after a space ("1923 te"). Each is the
// number's ending, not a word of the claim's own; a different number is still refused.
func TestSameClaimNumberEnding(t *testing.T) {
	ix := lexIndex(t,
		review("u:brain", "İnsanlar beyinlerinin yalnızca yüzde 10'unu kullanır.", "tr", "yanlis"),
		review("u:amazon", "Amazon ormanları dünyadaki oksijenin yüzde 20'sini üretir.", "tr", "yanlis"),
		review("u:republic", "Türkiye Cumhuriyeti 29 Ekim 1923'te ilan edildi.", "tr", "dogru"),
	)
	checkSameClaims(t, ix, []sameCase{
		{"beynimizin sadece %10unu kullaniyoruz", "tr", "u:brain", ""},
		{"amazon ormanlari dunyanin oksijeninin %20sini uretiyor", "tr", "u:amazon", ""},
		{"cumhuriyet 29 ekim 1923 te ilan edildi 🇹🇷", "tr", "u:republic", ""},
		{"beynimizin sadece %20sini kullaniyoruz", "tr", "u:brain", "different number"},
		{"cumhuriyet 29 ekim 1938 te ilan edildi", "tr", "u:republic", "different"},
	})
}
