import Card from 'antd/es/card';
import Col, { type ColProps } from 'antd/es/col';
import Row from 'antd/es/row';
import { StatFigure } from './StatFigure';

export interface StatTile {
  title: string;
  value: string | number;
}

/**
 * A row of stat cards on top of a screen (counters of a review list, money totals). Each
 * card keeps its title while its figure loads; `column` sets how many share a row per width.
 */
export function StatTiles({ tiles, loading = false, column = { xs: 12, md: 6 }, size }: { tiles: StatTile[]; loading?: boolean; column?: ColProps; size?: 'small' }) {
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      {tiles.map((tile) => (
        <Col key={tile.title} {...column}>
          <Card size={size}>
            <StatFigure title={tile.title} value={tile.value} loading={loading} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
