package matching

import "testing"

// TestPieceName holds a post's clause that states the fact-check but for the fuller name the
// fact-check writes ("Emperor Nero" for "Neron"): the clause's similarity counts against the
// retrieval floor, as the whole post's, diluted by the story around it, does not (piecename.go).
// A clause naming someone else, or leaving out a part other than such a name, still keeps the
// whole post's similarity or is refused.
func TestPieceName(t *testing.T) {
	checkTaken(t, []takenCase{
		{"Tarih hocamız anlatmıştı, Roma yanarken Neron oturmuş keman çalıyormuş", "tr", "nero-fiddle-en"},
		{"Roma alevler içindeyken Neron keman çalıp seyretmiş, tarih hocamız anlatmıştı", "tr", "nero-fiddle-en"},
		// Look-alikes: another emperor, another city, another place for life.
		{"Tarih hocamız anlatmıştı, Roma yanarken Sezar oturmuş keman çalıyormuş", "tr", ""},
		{"Tarih hocamız anlatmıştı, Kartaca yanarken Neron oturmuş keman çalıyormuş", "tr", ""},
		{"there is life on europa, under the ice, NASA basically admitted it", "en", ""},
	})
}
