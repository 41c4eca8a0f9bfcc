package web

import (
	"strconv"
	"strings"

	"github.com/claimcheck/claimcheck/internal/i18n"
	"github.com/claimcheck/claimcheck/views/format"
	"github.com/gofiber/fiber/v2"
)

// MaxPage keeps (page-1)*perPage far from overflowing and from absurd offsets.
const MaxPage = 1_000_000

// ParsePage reads the 1-based ?page= of a public list: 1 when absent, and a sentence saying what
// is wrong when it is not a page number, so a bad link is refused rather than silently reset.
func ParsePage(c *fiber.Ctx) (page int, problem string) {
	s := strings.TrimSpace(c.Query("page"))
	if s == "" {
		return 1, ""
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > MaxPage {
		return 1, i18n.T(c.UserContext(), "pager.not_a_page", "Value", format.Truncate(s, 40))
	}
	return n, ""
}

// PageOrFirst reads ?page= leniently for the console's lists: anything that is not a page number
// is page 1, and pages past MaxPage are MaxPage.
func PageOrFirst(c *fiber.Ctx) int {
	n, err := strconv.Atoi(c.Query("page"))
	if err != nil || n < 1 {
		return 1
	}
	return min(n, MaxPage)
}

// PageCount is how many pages of perPage hold total items; an empty list still has one page.
func PageCount(total int64, perPage int) int {
	return max(int((total+int64(perPage)-1)/int64(perPage)), 1)
}
