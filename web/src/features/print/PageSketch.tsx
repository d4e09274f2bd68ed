import Box from '@mui/material/Box';
import { pageCells, pageDimensions } from '../../../../domain/print/layout';
import { type PrintOptions, canPreview } from '../../../../domain/print/options';

/** The live page sketch: the paper in proportion with the cells of one page. */
export function PageSketch({ options, height = 420 }: { options: PrintOptions; height?: number }) {
  const page = pageDimensions(options);
  const scale = height / page.height;
  const margin = 24;
  const area = { x: margin, y: margin + 30, width: page.width - 2 * margin, height: page.height - 2 * margin - 30 };
  const cells = canPreview(options) ? pageCells(options, area, 4) : [];
  return (
    <Box data-testid="print-sketch" data-cells={cells.length} sx={{ display: 'grid', placeItems: 'center', p: 2 }}>
      <svg
        width={page.width * scale}
        height={height}
        viewBox={`0 0 ${page.width} ${page.height}`}
        role="img"
        aria-label="page sketch"
      >
        <rect x={0} y={0} width={page.width} height={page.height} fill="#fff" stroke="#888" />
        <rect x={margin} y={margin} width={area.width * 0.6} height={12} fill="#bbb" />
        {cells.map((c, i) => (
          <rect key={i} x={c.x} y={c.y} width={c.width} height={c.height} fill="#222" />
        ))}
      </svg>
    </Box>
  );
}
