return null;
