package matching

import "testing"

// TestStatedBack holds rewordings whose similarity stays under the retrieval floor although
// the alignment accepts them, taken because the fact-check states the post's claim back (the
// last two take the fact-check's other-language twin, the coal one from under decideFloor),
// and look-alikes under the floor that the alignment accepts through the parts they leave out
// or a loose translation, which it does not read back and which stay refused.
func TestStatedBack(t *testing.T) {
	checkTaken(t, []takenCase{
		{"Lemming denen hayvanlar topluca kayalıklardan atlayıp kendilerini öldürürmüş", "tr", "lemmings-suicide-en"},
		{"90% of your brain is just sitting there unused", "en", "ten-percent-brain-en"},
		{"my Turkish mother-in-law says watermelon and eggs eaten together are toxic and can kill you", "en", "watermelon-egg-tr"},
		{"Gold never loses value", "en", "gold-never-falls-"},
		{"Kömür basınç altında kalınca elmasa dönüşür", "tr", "diamonds-from-coal-"},
		{"Dünyada her saniye yaklaşık 100 yıldırım düşer", "tr", ""},
		{"Dolunayda deprem olur", "tr", ""},
	})
}
