package matching

import "testing"

// TestTrailingCommentDropped holds that a Turkish speech frame put after what was said ("…
// derdi annem"), a vocative with a first-person possessive after the claim's verb ("… kızım")
// and a tag question ("… right?", "…, değil mi?") are dropped from the end of a post, while a
// word the lexicon knows whole ("anonim"), a named speaker, a yes/no question and a post that is
// little more than the frame keep their words.
func TestTrailingCommentDropped(t *testing.T) {
	ix := lexIndex(t)
	for _, c := range []struct{ in, want string }{
		{"sakiz yutarsan 7 sene midende kalir derdi annem", "sakiz yutarsan 7 sene midende kalir"},
		{"parmaklarini citlatma kirec baglarsin diyor babaannem 😅", "parmaklarini citlatma kirec baglarsin"},
		{"altın asla değer kaybetmez kızım", "altın asla değer kaybetmez"},
		{"incognito mode makes you anonymous online right?", "incognito mode makes you anonymous online"},
		{"Balık üstüne yoğurt yemek zehirler, değil mi?", "Balık üstüne yoğurt yemek zehirler"},
		{"Bitcoin işlemlerinin izi sürülemez, tamamen anonim", "Bitcoin işlemlerinin izi sürülemez, tamamen anonim"},
		{"sakız yutarsan midende kalır dedi Ahmet", "sakız yutarsan midende kalır dedi Ahmet"},
		{"Is the answer right?", "Is the answer right?"},
		{"kalır derdi annem", "kalır derdi annem"},
		{"buyukler her gece en az yedi saat uyumali diyor uzmanlar 😴", "buyukler her gece en az yedi saat uyumali"},
		{"fish followed by yogurt is toxic, turkish mums swear by it", "fish followed by yogurt is toxic"},
		{"eating yogurt after fish poisons you, my mother in law insists", "eating yogurt after fish poisons you"},
		{"eggs raise your cholesterol so go easy on them", "eggs raise your cholesterol"},
		{"cats see the world in black and white so do dogs", "cats see the world in black and white so do dogs"},
		{"fish followed by yogurt is toxic, nobody says", "fish followed by yogurt is toxic, nobody says"},
		{"fish followed by yogurt is toxic, Einstein said", "fish followed by yogurt is toxic, Einstein said"},
	} {
		if got := ix.dropTrailingComment(c.in); got != c.want {
			t.Errorf("%q: got %q, want %q", c.in, got, c.want)
		}
	}
}

// TestSameClaimTrailingComment holds that a post closed by a speech frame, a vocative or a tag
// question states the fact-check its claim states, while a claim that differs in a part is still
// refused whatever closes it.
func TestSameClaimTrailingComment(t *testing.T) {
	ix := lexIndex(t,
		review("u:gum", "Yutulan sakız yedi yıl boyunca midede kalır.", "tr", "yanlis"),
		review("u:knuckle", "Parmak çıtlatmak eklemlerde kireçlenmeye (artrite) yol açar.", "tr", "yanlis"),
		review("u:incognito", "Incognito or private browsing mode makes you anonymous online.", "en", "yanlis"),
	)
	checkSameClaims(t, ix, []sameCase{
		{"sakiz yutarsan 7 sene midende kalir derdi annem", "und", "u:gum", ""},
		{"parmaklarini citlatma kirecleme yapar diyor annem", "tr", "u:knuckle", ""},
		{"incognito mode makes you anonymous online right?", "en", "u:incognito", ""},
		{"sakiz yutarsan 7 sene bagirsakta kalir derdi annem", "und", "u:gum", "different"},
		{"parmaklarini citlatma kalp krizi yapar diyor annem", "tr", "u:knuckle", "different"},
		{"a VPN makes you anonymous online right?", "en", "u:incognito", "different"},
	})
}
