package com.heliotrack.app;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
