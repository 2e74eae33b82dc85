"""The calculator: the hand and fu calculators, the payment table and the JSON endpoint. It
keeps no data of its own."""
