-- Offline payments (issue 19, part O, ADR 0054): an accountant records a payment received in
-- cash, by bank transfer or by cheque. `method` is 'card' for checkout payments (NULL on rows
-- made before this column: read as card); `reference` is the transfer's or cheque's reference;
-- `paid_on` is the ISO day the money was received, which may be before the row was made.
ALTER TABLE transactions ADD COLUMN method TEXT CHECK (method IS NULL OR method IN ('card', 'cash', 'bank', 'cheque'));
ALTER TABLE transactions ADD COLUMN reference TEXT;
ALTER TABLE transactions ADD COLUMN paid_on TEXT;
