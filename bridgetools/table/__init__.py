"""The single-deal game of bridge at a table: a person sits South with computer partner and opponents."""
