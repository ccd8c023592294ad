"""Season rankings across events: rules, arithmetic, identity reports, the ranking workbook."""
