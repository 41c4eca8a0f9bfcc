package admin

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"log/slog"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/claimcheck/claimcheck/handlers/web"
	"github.com/claimcheck/claimcheck/internal/beta"
	"github.com/claimcheck/claimcheck/internal/i18n"
	"github.com/claimcheck/claimcheck/models"
	"github.com/claimcheck/claimcheck/views/format"
	"github.com/claimcheck/claimcheck/views/layouts"
	betapages "github.com/claimcheck/claimcheck/views/pages/beta"
	"github.com/gofiber/fiber/v2"
)

// WaitlistPerPage is how many entries one admin list page shows.
const WaitlistPerPage = 50

// AdminWaitlistDeps is what the admin waiting-list pages need.
type AdminWaitlistDeps struct {
	// Beta runs invitations and writes the audit log.
	Beta *beta.Service
	// Waitlist reads the list.
	Waitlist *models.WaitlistStore
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// Log receives failures the admin only sees as an error; nil means slog.Default().
	Log *slog.Logger
}

// AdminWaitlist serves /admin/waitlist; it must be mounted behind RequireRole(models.RoleAdmin).
type AdminWaitlist struct {
	svc  *beta.Service
	list *models.WaitlistStore
	now  func() time.Time
	log  *slog.Logger
}

// NewAdminWaitlist builds the admin waiting-list pages.
func NewAdminWaitlist(d AdminWaitlistDeps) *AdminWaitlist {
	a := &AdminWaitlist{svc: d.Beta, list: d.Waitlist, now: d.Now, log: d.Log}
	if a.now == nil {
		a.now = time.Now
	}
	if a.log == nil {
		a.log = slog.Default()
	}
	return a
}

// Routes mounts the pages on r, the router of /admin (already guarded by the admin role).
func (a *AdminWaitlist) Routes(r *web.Routes) {
	r.Get("/waitlist", a.page)
	r.Get("/waitlist.csv", a.csv)
	r.Post("/waitlist/invite", a.invite)
	r.Get("/waitlist/open", a.openConfirm)
	r.Post("/waitlist/open", a.open)
}

// meta fills admin page metadata; admin pages are never indexed.
func (a *AdminWaitlist) meta(c *fiber.Ctx, title string) layouts.Page {
	return layouts.Page{Title: i18n.Text(c.UserContext(), title), Path: c.Path(), Query: string(c.Request().URI().QueryString()),
		Year: a.now().UTC().Year(), NoIndex: true}
}

// filter reads search, state and page from the query; an unknown state means all.
func (a *AdminWaitlist) filter(c *fiber.Ctx) (models.WaitlistFilter, int) {
	f := models.WaitlistFilter{Query: strings.TrimSpace(c.Query("q"))}
	if len(f.Query) > 200 {
		f.Query = f.Query[:200]
	}
	if st := models.WaitlistState(c.Query("state")); st.Valid() {
		f.State = st
	}
	page, err := strconv.Atoi(c.Query("page"))
	if err != nil || page < 1 || page > 1_000_000 {
		page = 1
	}
	return f, page
}

// listURL is the list's address with the given filter and page.
func listURL(path string, q string, state models.WaitlistState, page int) string {
	v := url.Values{}
	if q != "" {
		v.Set("q", q)
	}
	if state != "" {
		v.Set("state", string(state))
	}
	if page > 1 {
		v.Set("page", strconv.Itoa(page))
	}
	if len(v) == 0 {
		return path
	}
	return path + "?" + v.Encode()
}

// day formats an optional time as a date for the table and the CSV.
func day(t *time.Time) string {
	if t == nil {
		return ""
	}
	return t.UTC().Format("2006-01-02 15:04")
}

// localDay is an optional time as the page's language writes a date and time.
func localDay(lf format.Local, t *time.Time) string {
	if t == nil {
		return ""
	}
	return lf.Time(*t)
}

// page serves GET /admin/waitlist.
func (a *AdminWaitlist) page(c *fiber.Ctx) error {
	ctx := c.UserContext()
	f, page := a.filter(c)
	if msg := web.SearchProblem(c, f.Query); msg != "" {
		// The page has no error slot of its own; the console frame's notice shows the message.
		return web.RenderNoStore(c, fiber.StatusBadRequest, betapages.Admin(betapages.AdminPage{Meta: a.meta(c, "beta.admin.title"),
			CSRF: web.CSRFToken(c), Notice: msg}))
	}
	f.Limit, f.Offset = WaitlistPerPage, (page-1)*WaitlistPerPage
	rows, total, err := a.list.List(ctx, f)
	if err != nil {
		return fmt.Errorf("admin waiting list: %w", err)
	}
	counts, err := a.list.Counts(ctx)
	if err != nil {
		return fmt.Errorf("admin waiting list: %w", err)
	}
	loc := i18n.From(ctx)
	lf := format.For(loc)
	var all int64
	for _, n := range counts {
		all += n
	}
	p := betapages.AdminPage{Meta: a.meta(c, "beta.admin.title"), CSRF: web.CSRFToken(c), Query: f.Query, State: string(f.State),
		CSVURL: listURL("/admin/waitlist.csv", f.Query, f.State, 1), Confirmed: lf.Int(counts[models.WaitlistConfirmed])}
	p.Counts = append(p.Counts, betapages.StateCount{State: "all", Label: "All", Count: lf.Int(all),
		URL: listURL("/admin/waitlist", f.Query, "", 1), Current: f.State == ""})
	for _, st := range models.WaitlistStates {
		p.Counts = append(p.Counts, betapages.StateCount{State: string(st), Label: format.UpperFirst(string(st)),
			Count: lf.Int(counts[st]), URL: listURL("/admin/waitlist", f.Query, st, 1), Current: f.State == st})
	}
	for _, e := range rows {
		p.Rows = append(p.Rows, betapages.AdminRow{ID: e.ID, Email: e.Email, Name: e.Name, Organisation: e.Organisation,
			IntendedUse: format.Truncate(e.IntendedUse, 120), State: string(e.State), Joined: localDay(lf, &e.CreatedAt),
			Confirmed: localDay(lf, e.ConfirmedAt), Selectable: e.State == models.WaitlistConfirmed})
	}
	switch {
	case total == 0:
		p.Summary = "beta.admin.none"
	default:
		p.Summary = loc.T("beta.admin.range", "From", lf.Int(int64(f.Offset+1)), "To", lf.Int(int64(f.Offset+len(rows))), "Total", lf.Int(total))
	}
	if page > 1 {
		p.PrevURL = listURL("/admin/waitlist", f.Query, f.State, page-1)
	}
	if int64(f.Offset+len(rows)) < total {
		p.NextURL = listURL("/admin/waitlist", f.Query, f.State, page+1)
	}
	if n := c.Query("invited"); n != "" {
		if k, err := strconv.Atoi(n); err == nil && k >= 0 {
			// Invitations go through the mail outbox: queued is what is true when this page shows.
			p.Notice = loc.N("beta.admin.invited", k, "N", lf.Int(int64(k)))
		}
	}
	return web.RenderNoStore(c, fiber.StatusOK, betapages.Admin(p))
}

// invite serves POST /admin/waitlist/invite with the checked ids.
func (a *AdminWaitlist) invite(c *fiber.Ctx) error {
	var ids []string
	for _, v := range c.Request().PostArgs().PeekMulti("id") {
		ids = append(ids, string(v))
	}
	res, err := a.svc.InviteSelected(c.UserContext(), web.CurrentUser(c).ID, ids)
	if err != nil {
		return fmt.Errorf("invite selected: %w", err)
	}
	return c.Redirect("/admin/waitlist?invited="+strconv.Itoa(res.Invited), fiber.StatusSeeOther)
}

// openConfirm serves GET /admin/waitlist/open: the step between the button and mailing everyone.
func (a *AdminWaitlist) openConfirm(c *fiber.Ctx) error {
	counts, err := a.list.Counts(c.UserContext())
	if err != nil {
		return fmt.Errorf("open the beta: %w", err)
	}
	return web.RenderNoStore(c, fiber.StatusOK, betapages.OpenConfirm(betapages.OpenConfirmPage{Meta: a.meta(c, "beta.admin.open_title"),
		CSRF: web.CSRFToken(c), Confirmed: format.For(i18n.From(c.UserContext())).Int(counts[models.WaitlistConfirmed])}))
}

// open serves POST /admin/waitlist/open. A failed run is reported; pressing again resumes it.
func (a *AdminWaitlist) open(c *fiber.Ctx) error {
	res, err := a.svc.OpenBeta(c.UserContext(), web.CurrentUser(c).ID)
	if err != nil {
		return fmt.Errorf("open the beta (press again to resume): %w", err)
	}
	return c.Redirect("/admin/waitlist?invited="+strconv.Itoa(res.Invited), fiber.StatusSeeOther)
}

// csvHeader names the export's columns.
var csvHeader = []string{"id", "email", "name", "organisation", "intended_use", "state", "created_at", "confirmed_at", "invited_at", "joined_at", "left_at"}

// CSVCell makes a value safe for spreadsheets: a leading = + - @ (or tab, CR) would make it a
// formula, so such cells get a leading apostrophe. Quoting is left to encoding/csv.
func CSVCell(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}

// csv serves GET /admin/waitlist.csv with the current search and filter; the download is audited
// because it holds personal data.
func (a *AdminWaitlist) csv(c *fiber.Ctx) error {
	ctx := c.UserContext()
	f, _ := a.filter(c)
	if msg := web.SearchProblem(c, f.Query); msg != "" {
		return fiber.NewError(fiber.StatusBadRequest, msg)
	}
	rows, _, err := a.list.List(ctx, f)
	if err != nil {
		return fmt.Errorf("export waiting list: %w", err)
	}
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	_ = w.Write(csvHeader)
	for _, e := range rows {
		rec := []string{e.ID, e.Email, e.Name, e.Organisation, e.IntendedUse, string(e.State), day(&e.CreatedAt),
			day(e.ConfirmedAt), day(e.InvitedAt), day(e.JoinedAt), day(e.LeftAt)}
		for i := range rec {
			rec[i] = CSVCell(rec[i])
		}
		_ = w.Write(rec)
	}
	w.Flush()
	if err := w.Error(); err != nil {
		return fmt.Errorf("export waiting list: %w", err)
	}
	if err := a.svc.Audit().Add(ctx, models.Tx{}, web.CurrentUser(c).ID, beta.ActionExport, "waitlist",
		map[string]any{"q": f.Query, "state": f.State, "rows": len(rows)}); err != nil {
		return err
	}
	c.Set(fiber.HeaderCacheControl, "no-store")
	c.Set(fiber.HeaderContentDisposition, `attachment; filename="waitlist-`+a.now().UTC().Format("2006-01-02")+`.csv"`)
	c.Type("csv", "utf-8")
	return c.Send(buf.Bytes())
}
