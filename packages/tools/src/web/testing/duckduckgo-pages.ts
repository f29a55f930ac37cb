/** One organic result as DuckDuckGo's HTML endpoint lays it out. */
export interface PageResult {
  readonly title: string;
  readonly url: string;
  readonly snippet: string;
}

function wrapped(url: string): string {
  return `//duckduckgo.com/l/?uddg=${encodeURIComponent(url)}&amp;rut=0a1b2c3d4e5f`;
}

function organic({ title, url, snippet }: PageResult): string {
  const display = url.replace(/^https?:\/\//, '').replace(/\/$/, '');
  return `
  <div class="result results_links results_links_deep web-result ">
    <div class="links_main links_deep result__body"> <!-- This is the visible part -->
      <h2 class="result__title">
        <a rel="nofollow" class="result__a" href="${wrapped(url)}">${title}</a>
      </h2>
      <div class="result__extras">
        <div class="result__extras__url">
          <span class="result__icon"><a rel="nofollow" href="${wrapped(url)}"><img class="result__icon__img" width="16" height="16" alt="" src="//external-content.duckduckgo.com/ip3/${display}.ico" name="i15" /></a></span>
          <a class="result__url" href="${wrapped(url)}">${display}</a>
        </div>
      </div>
      <a class="result__snippet" href="${wrapped(url)}">${snippet}</a>
      <div class="clear"></div>
    </div>
  </div>`;
}

const AD = `
  <div class="result results_links results_links_deep result--ad  result--ad--small">
    <div class="links_main links_deep result__body">
      <h2 class="result__title"><a rel="nofollow" class="result__a" href="https://duckduckgo.com/y.js?ad_domain=shop.example&amp;ad_provider=bingv7aa&amp;u3=https%3A%2F%2Fwww.bing.com%2Faclick">Buy <b>Widgets</b> Now</a></h2>
      <a class="result__snippet" href="https://duckduckgo.com/y.js?ad_domain=shop.example">Sponsored widgets at low prices.</a>
      <div class="badge--ad">Ad</div>
    </div>
  </div>`;

// The query as DuckDuckGo echoes it into the title and the search box.
function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

function frame(body: string, query = 'q'): string {
  const echoed = escapeHtml(query);
  return `<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN" "http://www.w3.org/TR/html4/loose.dtd">
<html><head><meta http-equiv="content-type" content="text/html; charset=UTF-8"><title>${echoed} at DuckDuckGo</title>
<link rel="stylesheet" href="/dist/h.css" type="text/css"><script>var x = '<div class="result">fake</div>';</script></head>
<body class="body--html"><div class="header"><form action="/html/" method="post"><input type="text" name="q" value="${echoed}"></form></div>
<div id="links" class="results">${body}
<div class="nav-link"><form action="/html/" method="post"><input type="submit" class="btn btn--alt" value="Next" /></form></div>
</div></body></html>`;
}

/** A result page: an ad first, then the organic results; `query` is echoed as DuckDuckGo does. */
export function resultsPage(results: readonly PageResult[], query?: string): string {
  return frame(AD + results.map(organic).join(''), query);
}

/** DuckDuckGo's page for a query without results. */
export function noResultsPage(): string {
  return frame(
    '<div class="result result--no-result"><div class="no-results">No results.</div></div>',
  );
}

/** DuckDuckGo's bot challenge ("anomaly") page. */
export function challengePage(): string {
  return `<!DOCTYPE html><html><head><title>DuckDuckGo</title></head><body>
<div class="anomaly-modal__mask"><div class="anomaly-modal__modal" data-testid="anomaly-modal">
<div class="anomaly-modal__title">Unfortunately, bots use DuckDuckGo too.</div>
<div class="anomaly-modal__description">Please complete the following challenge to confirm this search was made by a human.</div>
<form id="challenge-form" action="//duckduckgo.com/anomaly.js?sv=html&amp;cc=botnet" method="POST"></form></div></div></body></html>`;
}
