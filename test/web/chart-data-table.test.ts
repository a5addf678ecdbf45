// The rows of a chart's visually hidden data table (docs/ui-rules.md CHART-02), written as HTML.
import { describe, expect, it } from 'vitest';
import { chartRowsHtml } from '../../web/src/charts/chart-table-rows.js';

describe('chartRowsHtml', () => {
  it('[CHART-02] writes one row per label with a cell per series, empty where a value is missing', () => {
    const html = chartRowsHtml({
      labels: ['Jan', 'Feb'],
      series: [
        { name: 'Revenue', values: [10, null] },
        { name: 'Cost', values: [4, 5] },
      ],
    });
    expect(html).toBe(
      '<tr><th scope="row">Jan</th><td>10</td><td>4</td></tr><tr><th scope="row">Feb</th><td></td><td>5</td></tr>',
    );
  });

  it('[CHART-02] escapes labels so cell text is shown as text, never as markup', () => {
    const html = chartRowsHtml({ labels: ['<b>&"x"</b>'], series: [{ name: 'S', values: [1] }] });
    expect(html).toBe(
      '<tr><th scope="row">&lt;b&gt;&amp;&quot;x&quot;&lt;/b&gt;</th><td>1</td></tr>',
    );
  });
});
