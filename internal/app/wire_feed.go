package app

import (
	"github.com/claimcheck/claimcheck/handlers"
	"github.com/claimcheck/claimcheck/internal/feed"
	"github.com/claimcheck/claimcheck/models"
	"github.com/gofiber/fiber/v2"
)

// wireFeedAPI mounts GET /v1/feed/live.
func wireFeedAPI(d *v1Deps, v1 fiber.Router) {
	handlers.NewFeedAPI(handlers.FeedAPIDeps{Hub: feedHub(d), Events: models.NewEventStore(d.db), Claims: d.stores.Claims,
		Heartbeat: d.cfg.V1.FeedHeartbeat, Now: d.now, Log: d.log}).Routes(v1)
}

// wireFeedPages mounts the public live-feed page and its stream.
func wireFeedPages(d *v1Deps, f *fiber.App) {
	handlers.NewLive(handlers.LiveDeps{Hub: feedHub(d), Events: models.NewEventStore(d.db), Claims: d.stores.Claims,
		BaseURL: d.cfg.BaseURL, Heartbeat: d.cfg.V1.FeedHeartbeat, Now: d.now, Log: d.log}).Routes(f)
}

// feedHub is the process's one hub, built on first use: it follows the event log while the
// background workers run and ends its streams when shutdown begins. The API and the page share
// it, so the log is read once per poll.
func feedHub(d *v1Deps) *feed.Hub {
	if d.feed == nil {
		d.feed = feed.New(feed.Config{Log: models.NewEventStore(d.db), PollInterval: d.cfg.V1.FeedPollInterval, Logger: d.log})
		d.bg.Go(d.feed.Run)
		d.bg.BeforeShutdown(d.feed.Close)
	}
	return d.feed
}
