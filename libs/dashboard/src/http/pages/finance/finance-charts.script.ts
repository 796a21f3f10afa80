/**
 * The finance page's charts (assets/finance-charts.js), drawn by Chart.js (served from the npm
 * package, assets/chart.umd.js: no CDN). The figures come from the page itself (a JSON data
 * block), and the same figures are in the tables under each chart, for screen readers and
 * without JavaScript. Amounts are whole minor units; the axes and tooltips format them.
 */
export const FINANCE_CHARTS_JS =
  `(function () {
  'use strict';
  var block = document.getElementById('finance-data');
  if (!block || typeof Chart === 'undefined') return;
  var data = JSON.parse(block.textContent);
  var money = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
  var scale = Math.pow(10, data.exponent);
  var show = function (value) { return data.currency + ' ' + money.format(value / scale); };
  Chart.defaults.font.family = 'system-ui, sans-serif';
  Chart.defaults.color = '#1a1a1a';
  var axes = function (xTitle, yTitle, horizontal) {
    var value = { beginAtZero: true, title: { display: true, text: yTitle }, ticks: { callback: function (v) { ` +
  `return show(v); } } };
    var category = { title: { display: true, text: xTitle } };
    return horizontal ? { x: value, y: category } : { x: category, y: value };
  };
  var tooltip = { callbacks: { label: function (context) { ` +
  `return context.dataset.label + ': ' + show(context.parsed[context.chart.options.indexAxis === 'y' ? 'x' : 'y']); ` +
  `} } };
  var days = document.getElementById('chart-days');
  if (days) {
    new Chart(days, {
      type: 'bar',
      data: {
        labels: data.days.map(function (day) { return day.label; }),
        datasets: [
          { label: 'Sales (gross)', data: data.days.map(function (day) { return day.sales; }), ` +
  `backgroundColor: '#047857' },
          { label: 'Refunds', data: data.days.map(function (day) { return day.refunds; }), backgroundColor: '#b45309' },
          { label: 'Payouts', data: data.days.map(function (day) { return day.payouts; }), backgroundColor: '#1d4ed8' }
        ]
      },
      options: { responsive: true, maintainAspectRatio: false, animation: false, scales: axes('Day', ` +
  `data.currency), plugins: { tooltip: tooltip, legend: { position: 'bottom' } } }
    });
  }
  var products = document.getElementById('chart-products');
  if (products && data.products.length > 0) {
    new Chart(products, {
      type: 'bar',
      data: {
        labels: data.products.map(function (product) { return product.label; }),
        datasets: [
          { label: 'Net', data: data.products.map(function (product) { return product.net; }), ` +
  `backgroundColor: '#047857' },
          { label: 'Fees and VAT', data: data.products.map(function (product) { return product.fees; }), ` +
  `backgroundColor: '#9ca3af' }
        ]
      },
      options: { indexAxis: 'y', responsive: true, maintainAspectRatio: false, animation: false, ` +
  `scales: Object.assign(axes('Product', data.currency, true), { x: Object.assign(axes('Product', data.currency, ` +
  `true).x, { stacked: true }), y: Object.assign(axes('Product', data.currency, true).y, { stacked: true }) }), ` +
  `plugins: { tooltip: tooltip, legend: { position: 'bottom' } } }
    });
  }
  document.documentElement.setAttribute('data-charts', 'drawn');
})();
`;
