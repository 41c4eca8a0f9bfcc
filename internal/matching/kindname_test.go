package matching

import "testing"

// TestKindName holds the rules of kindname.go: a claim naming a kind of what the fact-check
// names through a compound the lexicon lists (in English, or in English inside a Turkish post),
// a Turkish compound written in two words, and a kind of person for the fact-check's bare word
// for people; with the look-alikes that name another thing and must stay refused.
func TestKindName(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		// compoundNamesKind: a listed compound that is a kind of the fact-check's noun.
		{"compoundNamesKind", "My golden retriever sees the world in black and white", "en", "dogs-black-white-en", ""},
		{"compoundNamesKind", "Golden retrievers see the world in black and white", "en", "dogs-black-white-en", ""},
		{"compoundNamesKind", "Prairie dogs see the world in black and white", "en", "dogs-black-white-en", "different"},
		{"compoundNamesKind", "Hot dogs see the world in black and white", "en", "dogs-black-white-en", "different"},
		{"compoundNamesKind", "Siamese cats see the world in black and white", "en", "dogs-black-white-en", "different"},
		{"compoundNamesKind", "Baseball bats are blind", "en", "bats-blind-en", "different"},
		// splitCompound: "deve kuşları" is "devekuşları" written apart.
		{"splitCompound", "deve kuşları korkunca kafalarını kuma sokarmış", "tr", "ostrich-head-sand-tr", ""},
		{"splitCompound", "deve kuslari korkunca kafalarini kuma sokarmis", "tr", "ostrich-head-sand-tr", ""},
		{"splitCompound", "Develer korkunca kafalarını kuma sokar", "tr", "ostrich-head-sand-tr", "different"},
		{"splitCompound", "Deve yavruları korkunca kafalarını kuma sokar", "tr", "ostrich-head-sand-tr", "different"},
		// linkPersonKinds: a kind of person for the fact-check's bare "humans".
		{"linkPersonKinds", "cavemen lived alongside the dinosaurs", "en", "humans-dinosaurs-en", ""},
		{"linkPersonKinds", "Cavemen and dinosaurs lived at the same time", "en", "humans-dinosaurs-en", ""},
		{"linkPersonKinds", "Mammoths and dinosaurs lived at the same time", "en", "humans-dinosaurs-en", "different"},
		{"linkPersonKinds", "Dogs and dinosaurs lived at the same time", "en", "humans-dinosaurs-en", "different"},
		{"linkPersonKinds", "A baby's skeleton has 206 bones", "en", "human-bones-206-en", "different"},
		// linkForeignKinds: an English compound in a Turkish post.
		{"linkForeignKinds", "bizim golden retriever dünyayı siyah beyaz görüyor, renkleri ayırt edemiyor yani", "tr", "dogs-black-white-tr", ""},
		{"linkForeignKinds", "Golden retrieverlar dünyayı siyah beyaz görür", "tr", "dogs-black-white-tr", ""},
		{"linkForeignKinds", "bizim siamese cat dünyayı siyah beyaz görüyor", "tr", "dogs-black-white-tr", "different"},
		{"linkForeignKinds", "prairie dog'lar dünyayı siyah beyaz görür", "tr", "dogs-black-white-tr", "different"},
	})
}
