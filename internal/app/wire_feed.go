package app

import (
	"github.com/claimcheck/claimcheck/handlers"
	"github.com/claimcheck/claimcheck/internal/feed"
	"github.com/claimcheck/claimcheck/models"
	"github.com/gofiber/fiber/v2"
)

// wireFeedAPI mounts GET /v1/feed/live.
func wireFeedAPI(d *v1Deps, v1 fiber.Router) {
	handlers.NewFeedAPI(handlers.FeedAPIDeps{Hub: newFeedHub(d), Events: models.NewEventStore(d.db),
		Heartbeat: d.cfg.V1.FeedHeartbeat, Log: d.log}).Routes(v1)
}

// wireFeedPages mounts the public live-feed page and its stream.
func wireFeedPages(d *v1Deps, f *fiber.App) {
	handlers.NewLive(handlers.LiveDeps{Hub: newFeedHub(d), Events: models.NewEventStore(d.db), Claims: d.stores.Claims,
		BaseURL: d.cfg.BaseURL, Heartbeat: d.cfg.V1.FeedHeartbeat, Now: d.now, Log: d.log}).Routes(f)
}

// newFeedHub builds a hub that follows the event log while the background workers run and ends
// its streams when shutdown begins.
//
// The API and the page each get one until v1Deps can carry a shared hub from one phase to the
// other; two hubs are correct, they only read the log twice per poll.
func newFeedHub(d *v1Deps) *feed.Hub {
	hub := feed.New(feed.Config{Log: models.NewEventStore(d.db), PollInterval: d.cfg.V1.FeedPollInterval, Logger: d.log})
	d.bg.Go(hub.Run)
	d.bg.BeforeShutdown(hub.Close)
	return hub
}
