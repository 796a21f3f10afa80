/**
 * The dashboard's one script, served by the api (no CDN, no build): progressive enhancement
 * only, every page works without it.
 * - Time zone: stores the browser's IANA zone in the `gw_tz` cookie (the server then renders
 *   times, reads date filters and groups days in it) and, on the page where the cookie was still
 *   missing or different, rewrites the page's times into the browser's zone at once.
 * - Copy buttons: `<button data-copy="element-id">` copies that element's text (or an input's
 *   value) and says so in a live region.
 */
export const DASHBOARD_JS =
  `(function () {
  'use strict';
  var root = document.documentElement;
  var zone;
  try { zone = Intl.DateTimeFormat().resolvedOptions().timeZone; } catch (e) { zone = null; }
  if (zone && root.getAttribute('data-tz') !== zone) {
    document.cookie = 'gw_tz=' + encodeURIComponent(zone) + '; path=/dashboard; max-age=31536000; samesite=strict';
    var format = new Intl.DateTimeFormat('en-GB', { timeZone: zone, year: 'numeric', month: 'short', ` +
  `day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23', timeZoneName: 'short' });
    var times = document.querySelectorAll('time[datetime][title]');
    for (var i = 0; i < times.length; i++) {
      var when = new Date(times[i].getAttribute('datetime'));
      if (!isNaN(when.getTime())) times[i].textContent = format.format(when);
    }
  }
  var status = document.getElementById('copy-status');
  var buttons = document.querySelectorAll('button[data-copy]');
  for (var j = 0; j < buttons.length; j++) {
    buttons[j].hidden = false;
    buttons[j].addEventListener('click', function (event) {
      var button = event.currentTarget;
      var target = document.getElementById(button.getAttribute('data-copy'));
      if (!target) return;
      var text = 'value' in target && target.tagName !== 'BUTTON' ? target.value : target.textContent;
      var done = function () { if (status) status.textContent = 'Copied: ' + text; };
      if (navigator.clipboard && navigator.clipboard.writeText) {
        navigator.clipboard.writeText(text).then(done, function () { select(target); });
      } else { select(target); }
    });
  }
  function select(target) {
    if (target.select) { target.select(); }
    if (status) status.textContent = 'Select the text and copy it';
  }
})();
`;
