import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { programCategories, type BinderDetail } from '../../core/contracts/fto.ts';
import { ratingScore } from '../../core/fto/ratings.ts';
import { calendarDate } from './fto-ui.tsx';

/**
 * A category's ratings across the binder's signed DORs (N.O., N.R.T. and REM carry no score and leave a
 * gap), beside the DOR's mean over all scored categories, with the acceptable line at 4.
 */
export function TrendChart({ binder }: { binder: BinderDetail }) {
  const categories = programCategories(binder.program);
  const [category, setCategory] = useState(categories[0]?.key ?? '');
  const label = categories.find((c) => c.key === category)?.label ?? category;
  const data = binder.trend.map((point) => {
    const scores = Object.values(point.ratings)
      .map(ratingScore)
      .filter((n): n is number => n !== null);
    return {
      date: calendarDate(point.shift_date),
      [label]: ratingScore(point.ratings[category]),
      'All categories (mean)': scores.length ? Math.round((scores.reduce((a, b) => a + b, 0) / scores.length) * 10) / 10 : null,
    };
  });
  if (binder.trend.length === 0) return <Text fz="sm">The trend appears once a DOR of this binder is approved.</Text>;
  return (
    <Stack gap="sm">
      <Select
        label="Category"
        data={binder.program.category_groups.map((group) => ({
          group: group.label,
          items: group.categories.map((c) => ({ value: c.key, label: c.label })),
        }))}
        value={category}
        onChange={(value) => value && setCategory(value)}
        allowDeselect={false}
        searchable
        maw={420}
      />
      <LineChart
        h={260}
        data={data}
        dataKey="date"
        series={[
          { name: label, color: 'blue.6' },
          { name: 'All categories (mean)', color: 'gray.6', strokeDasharray: '5 5' },
        ]}
        curveType="linear"
        connectNulls={false}
        yAxisProps={{ domain: [1, 7], ticks: [1, 2, 3, 4, 5, 6, 7] }}
        referenceLines={[{ y: 4, label: 'Acceptable', color: 'green.7' }]}
        withLegend
        aria-label={`Ratings of ${label} across ${binder.trend.length} signed DORs`}
      />
    </Stack>
  );
}
